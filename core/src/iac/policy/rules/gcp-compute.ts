import { attr, ofType, tfHit } from '../query';
import { defineRule, type TPolicyHit } from '../types';
import { isTagged, type TTfObject, type TTfValue } from '../../ir/terraform-ir';

/** Compute Engine VMs: who may sign in, and as whom. */

/** Metadata keys that install SSH keys on a VM (the second is the legacy name). */
const KEY_ENTRIES = ['ssh-keys', 'sshKeys'];

const isObject = (v: TTfValue | undefined): v is TTfObject => isTagged(v) && v.$ === 'obj';

export const gcpComputeOsLogin = defineRule({
  id: 'gcp-compute-os-login',
  clouds: ['gcp'],
  title: 'VMs admit SSH by OS Login only',
  checks:
    'Compute Engine instances and instance templates set enable-oslogin = "TRUE" and carry no SSH key in their metadata: each person signs in as their own Google identity, allowed by an IAM role, and audit logs say who.',
  severity: 'high',
  docs: 'https://cloud.google.com/compute/docs/oslogin/set-up-oslogin',
  source: 'tfsec google-compute-no-oslogin-override; Checkov CKV_GCP_34; CIS GCP 4.4',
  terraform: (resources) =>
    ofType(
      resources,
      'google_compute_instance',
      'google_compute_instance_template',
      'google_compute_region_instance_template',
    ).flatMap((r): TPolicyHit[] => {
      const metadata = attr(r.body, 'metadata');
      // Metadata from an expression (a variable) is not known here.
      if (metadata !== undefined && !isObject(metadata)) return [];
      const entries = metadata?.entries ?? {};
      const hits: TPolicyHit[] = [];
      const osLogin = entries['enable-oslogin'];
      if (typeof osLogin !== 'string' || osLogin.toUpperCase() !== 'TRUE')
        hits.push(tfHit(r, 'OS Login is not turned on (enable-oslogin = "TRUE")'));
      const keys = KEY_ENTRIES.filter((k) => entries[k] !== undefined);
      if (keys.length > 0)
        hits.push(tfHit(r, `SSH keys in metadata (${keys.join(', ')}), shared outside IAM`));
      return hits;
    }),
});
