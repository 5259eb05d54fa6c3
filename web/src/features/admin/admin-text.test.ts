import { describe, expect, it } from 'vitest';
import { assignableRoles } from './admin-text';

describe('assignableRoles', () => {
  it('gives roles up to the actor’s own, never owner', () => {
    expect(assignableRoles('owner')).toEqual(['user', 'helper', 'moderator', 'admin']);
    expect(assignableRoles('admin')).toEqual(['user', 'helper', 'moderator', 'admin']);
    expect(assignableRoles('moderator')).toEqual(['user', 'helper', 'moderator']);
  });
});
