import type { TTfBuildContext } from '../service';
import { call, ref, tfVar, type TTfValue } from '../../ir/terraform-ir';
import { IAP_TUNNEL_ROLE, iapFirewall, tunnelledForSsh } from './iap-ssh';

/**
 * SSH to Compute Engine by OS Login only (policy gcp-compute-os-login): each person signs in as
 * their own Google identity, allowed by an IAM role that can be revoked, and Cloud Audit Logs
 * record who did. No key is kept in metadata (OS Login ignores metadata keys), and the project's
 * keys are refused as well, should OS Login ever be turned off on the VM (CIS GCP 4.3, 4.4).
 * https://cloud.google.com/compute/docs/oslogin/set-up-oslogin
 */
export const OS_LOGIN_METADATA: Readonly<Record<string, TTfValue>> = {
  'enable-oslogin': 'TRUE',
  'block-project-ssh-keys': 'TRUE',
};

/** OS Login with sudo; `roles/compute.osLogin` is the same without it. */
export const OS_LOGIN_ROLE = 'roles/compute.osAdminLogin';

/**
 * Who may sign in, with sudo: the members of the variable `<node>_os_login_admins` (`[]` for
 * nobody; like an IAP tunnel's members it has no default, so that who may sign in is said, and so
 * that an import reads the grants back rather than a `for_each` with no instance). They get the
 * OS Login role on the VM itself, or on the project for an instance group, whose VMs come and go
 * and so have no IAM policy to grant it on; and, as OS Login asks
 * of everyone signing in to a VM that runs as a service account, the Service Account User role
 * on that account. The VMs Stratum writes have no external IP (no `access_config`), so IAP TCP
 * forwarding (`gcloud compute ssh --tunnel-through-iap`) is the only way to reach them: the same
 * members may open a tunnel to the VM (to the project for a group), and IAP's range may reach
 * port 22, unless an IAP tunnel component connected on port 22 already admits it.
 */
export function osLoginAccess(
  ctx: TTfBuildContext,
  /** Address of the VM's service account. */
  account: string,
  /** Address of the instance, or undefined for an instance group (granted on the project). */
  instance: string | undefined,
): void {
  const local = ctx.node.local;
  const admins = ctx.variable({
    name: `${local}_os_login_admins`,
    type: 'list(string)',
    description: instance
      ? `Who may sign in to ${ctx.node.name} over SSH with OS Login, with sudo ("user:…", "group:…"; [] for nobody).`
      : `Who may sign in to the VMs of ${ctx.node.name} over SSH with OS Login, with sudo ("user:…", "group:…"; [] for nobody); granted on the project, so on every VM in it.`,
  });
  const forEach = call('toset', admins);
  const member = ref('each.value');
  // A role on the VM (its IAM member type names it by `instanceArg`), or on the project.
  const grant = (role: string, onInstance: string, instanceArg: string, onProject: string) =>
    instance
      ? ctx.resource(onInstance, `${local}_os_login`, {
          for_each: forEach,
          [instanceArg]: ref(instance, 'name'),
          zone: ref(instance, 'zone'),
          role,
          member,
        })
      : ctx.resource(onProject, `${local}_os_login`, {
          for_each: forEach,
          project: tfVar('project_id'),
          role,
          member,
        });
  grant(
    OS_LOGIN_ROLE,
    'google_compute_instance_iam_member',
    'instance_name',
    'google_project_iam_member',
  );
  ctx.resource('google_service_account_iam_member', `${local}_os_login`, {
    for_each: forEach,
    service_account_id: ref(account, 'name'),
    role: 'roles/iam.serviceAccountUser',
    member,
  });
  grant(
    IAP_TUNNEL_ROLE,
    'google_iap_tunnel_instance_iam_member',
    'instance',
    'google_iap_tunnel_iam_member',
  );
  if (!tunnelledForSsh(ctx))
    iapFirewall(
      ctx,
      `${local}_iap_ssh`,
      ctx.name('iap-ssh', 'gcp-rfc1035'),
      [ref(account, 'email')],
      ['22'],
    );
}
