import { describe, expect, it } from 'vitest';
import { compactQuery, dayStartIso, parseWhole } from './list-query';

describe('compactQuery', () => {
  it('drops empty filters and stringifies the rest', () => {
    expect(compactQuery({ search: '', role: 'admin', page: 2, plan: undefined })).toEqual({
      role: 'admin',
      page: '2',
    });
  });
});

describe('parseWhole', () => {
  it('accepts whole numbers within bounds only', () => {
    expect(parseWhole(' 12 ', 0, 100)).toEqual({ value: 12 });
    expect(parseWhole('', 0, 100).error).toBe('Enter a whole number from 0 to 100');
    expect(parseWhole('1.5', 0, 100).error).toBeDefined();
    expect(parseWhole('101', 0, 100).error).toBeDefined();
    expect(parseWhole('-1', 0, 100).error).toBeDefined();
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
