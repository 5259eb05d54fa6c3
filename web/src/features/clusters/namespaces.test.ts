import { describe, expect, it } from 'vitest';
import { namespaceNames } from './namespaces';

describe('namespaceNames (§3)', () => {
  it('reads name or metadata.name, de-duplicates and sorts', () => {
    expect(
      namespaceNames([
        { metadata: { name: 'shop' } },
        { name: 'default' },
        { metadata: { name: 'kube-system' } },
        { name: 'shop', metadata: { name: 'shop' } },
        { metadata: { name: 'default' } },
      ]),
    ).toEqual(['default', 'kube-system', 'shop']);
  });

  it('drops entries with no usable name', () => {
    expect(namespaceNames([{ name: 42 }, { metadata: {} }, { name: '  ' }, {}])).toEqual([]);
  });
});
