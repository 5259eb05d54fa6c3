import { describe, expect, it } from 'vitest';
import type { TK8sObject } from '@stratum/core/contract/k8s/cluster';
import { objectName } from './k8s-object';
import { pod } from './test-fixtures';
import { EMPTY_LIST, objectListReducer, type ObjectListState } from './watch-reducer';

const names = (state: ObjectListState) => state.items.map(objectName);
const withVersion = (object: TK8sObject, resourceVersion: string, extra: object = {}) => ({
  ...object,
  metadata: { ...(object.metadata as object), resourceVersion },
  ...extra,
});

describe('the watch reducer', () => {
  const listed = objectListReducer(EMPTY_LIST, {
    type: 'LISTED',
    items: [pod('api'), pod('web')],
    continueToken: 'next',
  });

  it('inserts an ADDED object in the server order and keeps the continue token', () => {
    const state = objectListReducer(listed, { type: 'ADDED', object: pod('cache') });
    expect(names(state)).toEqual(['api', 'cache', 'web']);
    expect(state.continueToken).toBe('next');
  });

  it('does not duplicate an object the list already had (a restarted watch re-sends ADDED)', () => {
    const state = objectListReducer(listed, {
      type: 'ADDED',
      object: withVersion(pod('api'), '101'),
    });
    expect(names(state)).toEqual(['api', 'web']);
  });

  it('replaces a MODIFIED object in place, by uid', () => {
    const changed = withVersion(pod('web'), '120', { status: { phase: 'Failed' } });
    const state = objectListReducer(listed, { type: 'MODIFIED', object: changed });
    expect(names(state)).toEqual(['api', 'web']);
    expect(state.items[1]).toBe(changed);
  });

  it('keeps the newer copy when an older one arrives late (a page read before an event)', () => {
    const newer = withVersion(pod('web'), '130');
    const state = objectListReducer(
      objectListReducer(listed, { type: 'MODIFIED', object: newer }),
      {
        type: 'PAGE',
        items: [withVersion(pod('web'), '110'), pod('zeta')],
        continueToken: undefined,
      },
    );
    expect(state.items[1]).toBe(newer);
    expect(names(state)).toEqual(['api', 'web', 'zeta']);
    expect(state.continueToken).toBeUndefined();
  });

  it('removes a DELETED object', () => {
    const state = objectListReducer(listed, { type: 'DELETED', object: pod('api') });
    expect(names(state)).toEqual(['web']);
  });

  it('replaces everything on RELISTED (410 Gone), sorted, with nothing more to load', () => {
    const state = objectListReducer(listed, {
      type: 'RELISTED',
      items: [pod('zeta'), pod('beta')],
      resourceVersion: '500',
    });
    expect(names(state)).toEqual(['beta', 'zeta']);
    expect(state.continueToken).toBeUndefined();
  });
});
