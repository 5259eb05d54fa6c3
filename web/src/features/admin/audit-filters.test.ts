import { describe, expect, it } from 'vitest';
import { auditActionOptions, dayStartIso } from './audit-filters';

describe('auditActionOptions', () => {
  it('offers each area as a prefix, then its actions', () => {
    expect(
      auditActionOptions(['vouchers.create', 'users.role', 'users.delete']).map((o) => o.value),
    ).toEqual(['users.', 'users.delete', 'users.role', 'vouchers.', 'vouchers.create']);
  });
});

describe('dayStartIso', () => {
  it('turns a day into an instant, the next day for an inclusive end', () => {
    expect(dayStartIso('', 0)).toBeUndefined();
    const start = new Date(dayStartIso('2026-11-22', 0)!);
    const end = new Date(dayStartIso('2026-11-22', 1)!);
    expect(end.getTime() - start.getTime()).toBeGreaterThanOrEqual(23 * 3600_000);
    expect(start.getDate()).toBe(22);
  });
});
