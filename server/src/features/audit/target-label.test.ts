import { describe, expect, it } from 'vitest';
import { auditTargetLabel } from './target-label';

describe('auditTargetLabel', () => {
  it('names a user by name and email, even when only the before snapshot is left', () => {
    const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
    expect(auditTargetLabel('user', user, null)).toBe('Ada Lovelace <ada@example.com>');
    expect(auditTargetLabel('user', null, { ...user, firstName: '', lastName: '' })).toBe(
      'ada@example.com',
    );
  });

  it('prefers the after snapshot (a renamed notice shows its new title)', () => {
    expect(auditTargetLabel('site_notice', { title: 'Old' }, { title: 'New' })).toBe('New');
  });

  it('names vouchers by code, requests by who and what, templates by name', () => {
    expect(auditTargetLabel('voucher', { code: 'ABCD-EFGH-JK12' }, null)).toBe('ABCD-EFGH-JK12');
    expect(
      auditTargetLabel(
        'activation_request',
        { userEmail: 'a@b.c', requestedSubscription: 'pro' },
        null,
      ),
    ).toBe('a@b.c → pro');
    expect(auditTargetLabel('email_template', null, { name: 'Welcome' })).toBe('Welcome');
  });

  it('names what users own by the name kept in the entry, even after it was deleted', () => {
    expect(auditTargetLabel('api_collection', { name: 'Payments' }, null)).toBe('Payments');
    expect(auditTargetLabel('inventory_source', null, { name: 'prod state' })).toBe('prod state');
    expect(auditTargetLabel('k8s_cluster', null, { name: 'kind-dev' })).toBe('kind-dev');
    expect(auditTargetLabel('price_import', null, { fileName: 'aws.csv' })).toBe('aws.csv');
  });

  it('answers null when nothing names the target', () => {
    expect(auditTargetLabel('user', null, null)).toBeNull();
    expect(auditTargetLabel('something_new', { title: 'x' }, null)).toBeNull();
  });
});
