import { describe, expect, it } from 'vitest';
import { assignableRoles, compactQuery, parseWhole } from './admin-text';

describe('assignableRoles', () => {
  it('gives roles up to the actor’s own, never owner', () => {
    expect(assignableRoles('owner')).toEqual(['user', 'helper', 'moderator', 'admin']);
    expect(assignableRoles('admin')).toEqual(['user', 'helper', 'moderator', 'admin']);
    expect(assignableRoles('moderator')).toEqual(['user', 'helper', 'moderator']);
  });
});

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
