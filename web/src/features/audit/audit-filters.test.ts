import { describe, expect, it } from 'vitest';
import { auditActionOptions } from './audit-filters';

describe('auditActionOptions', () => {
  it('offers each area as a prefix, then its actions', () => {
    expect(
      auditActionOptions(['vouchers.create', 'users.role', 'users.delete']).map((o) => o.value),
    ).toEqual(['users.', 'users.delete', 'users.role', 'vouchers.', 'vouchers.create']);
  });
});
