import { describe, expect, it } from 'vitest';
import { generate } from '../../generate';
import { smallDesign } from '../../testing/small-design';
import { ref, tfVar, type TTfBody } from '../../ir/terraform-ir';
import { tf, tfAddresses } from '../testing/ir';
import { ociBucketCustomerKey } from './oci-object-storage';

describe('oci-bucket-customer-key', () => {
  const bucket = (name: string, extra: TTfBody = {}) =>
    tf(
      'oci_objectstorage_bucket',
      name,
      { name, access_type: 'NoPublicAccess', ...extra },
      { kind: 'object-storage' },
    );

  it('flags a bucket left on an Oracle-managed key', () => {
    expect(
      tfAddresses(ociBucketCustomerKey, [bucket('plain'), bucket('empty', { kms_key_id: '' })]),
    ).toEqual(['oci_objectstorage_bucket.plain', 'oci_objectstorage_bucket.empty']);
  });

  it('passes a bucket naming a Vault key, by reference or variable', () => {
    const resources = [
      bucket('keyed', { kms_key_id: ref('oci_kms_key.vault', 'id') }),
      bucket('chosen', { kms_key_id: tfVar('bucket_key_id') }),
    ];
    expect(tfAddresses(ociBucketCustomerKey, resources)).toEqual([]);
  });
});

describe('oci-bucket-customer-key in a generated design', () => {
  const design = (exempt?: { rule: string; reason: string }[]) =>
    smallDesign({
      cloud: 'oci',
      components: [
        {
          id: 'logs',
          service: 'oci.object-storage',
          name: 'logs',
          ...(exempt ? { policy: { exempt } } : {}),
        },
        { id: 'exports', service: 'oci.object-storage', name: 'exports' },
        { id: 'vault', service: 'oci.vault', name: 'vault' },
      ],
      connections: [{ from: 'exports', to: 'vault', type: 'data' }],
    });
  const findings = (d: unknown) => {
    const r = generate(d, { format: 'terraform' });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    return r.policy
      .filter((f) => f.rule === 'oci-bucket-customer-key')
      .map((f) => [f.address, f.exempted]);
  };

  it('warns about the bucket connected to no vault only', () => {
    expect(findings(design())).toEqual([['oci_objectstorage_bucket.logs', undefined]]);
  });

  it('takes a per-component opt-out with its reason', () => {
    const reason = 'public build logs, nothing confidential';
    expect(findings(design([{ rule: 'oci-bucket-customer-key', reason }]))).toEqual([
      ['oci_objectstorage_bucket.logs', reason],
    ]);
  });
});
