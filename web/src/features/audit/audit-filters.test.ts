import { describe, expect, it } from 'vitest';
import { auditActionOptions, auditTargetTypeOptions } from './audit-filters';

describe('auditActionOptions', () => {
  it('offers each area as a prefix, then its actions', () => {
    expect(
      auditActionOptions(['vouchers.create', 'users.role', 'users.delete']).map((o) => o.value),
    ).toEqual(['users.', 'users.delete', 'users.role', 'vouchers.', 'vouchers.create']);
  });
});

describe('auditTargetTypeOptions', () => {
  it('names known target types in words, keeps unknown ones as stored, sorted by name', () => {
    expect(auditTargetTypeOptions(['user', 'api_collection', 'forum_thread'])).toEqual([
      { value: 'api_collection', label: 'API collection' },
      { value: 'forum_thread', label: 'forum_thread' },
      { value: 'user', label: 'User' },
    ]);
  });
});
