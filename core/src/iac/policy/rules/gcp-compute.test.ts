import { describe, expect, it } from 'vitest';
import { obj, tfVar } from '../../ir/terraform-ir';
import { tf, tfAddresses } from '../testing/ir';
import { gcpComputeOsLogin } from './gcp-compute';

describe('gcp-compute-os-login', () => {
  const osLogin = { 'enable-oslogin': 'TRUE', 'block-project-ssh-keys': 'TRUE' };

  it('flags a VM with a key in metadata and OS Login off, and one that leaves it unset', () => {
    const shared = tf('google_compute_instance', 'app', {
      metadata: obj({ 'ssh-keys': 'admin:ssh-ed25519 AAAA', 'enable-oslogin': 'FALSE' }),
    });
    const unset = tf('google_compute_instance_template', 'web', {});
    expect(gcpComputeOsLogin.terraform?.([shared, unset]).map((h) => h.message)).toEqual([
      'OS Login is not turned on (enable-oslogin = "TRUE")',
      'SSH keys in metadata (ssh-keys), shared outside IAM',
      'OS Login is not turned on (enable-oslogin = "TRUE")',
    ]);
  });

  it('flags a key beside OS Login (the legacy sshKeys too)', () => {
    const vm = tf('google_compute_instance', 'app', {
      metadata: obj({ ...osLogin, sshKeys: 'admin:ssh-ed25519 AAAA' }),
    });
    expect(tfAddresses(gcpComputeOsLogin, [vm])).toEqual(['google_compute_instance.app']);
  });

  it('passes OS Login without keys, and metadata it cannot read', () => {
    const vm = tf('google_compute_instance', 'app', { metadata: obj(osLogin) });
    const template = tf('google_compute_region_instance_template', 'web', {
      metadata: obj({ 'enable-oslogin': 'true', ORDERS_HOST: 'db' }),
    });
    const generic = tf('google_compute_instance', 'gen', { metadata: tfVar('metadata') });
    expect(tfAddresses(gcpComputeOsLogin, [vm, template, generic])).toEqual([]);
  });
});
