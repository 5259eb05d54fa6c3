import { describe, expect, it } from 'vitest';
import { findDropTarget, type TGroupBox } from './drop-target';

const boxes: TGroupBox[] = [
  { id: 'vpc', kind: 'network', x: 0, y: 0, width: 600, height: 400, depth: 0 },
  { id: 'a', kind: 'subnet', x: 20, y: 40, width: 200, height: 150, depth: 1 },
];

describe('dropping into containers', () => {
  it('picks the deepest accepting group under the point', () => {
    expect(findDropTarget({ x: 50, y: 60 }, boxes, ['subnet', 'network'])?.id).toBe('a');
    expect(findDropTarget({ x: 50, y: 60 }, boxes, ['network'])?.id).toBe('vpc');
    expect(findDropTarget({ x: 400, y: 300 }, boxes, ['subnet', 'network'])?.id).toBe('vpc');
    expect(findDropTarget({ x: 700, y: 60 }, boxes, ['subnet', 'network'])).toBeUndefined();
    expect(findDropTarget({ x: 50, y: 60 }, boxes, [])).toBeUndefined();
  });

  it('never drops a group into itself', () => {
    expect(findDropTarget({ x: 50, y: 60 }, boxes, ['subnet'], new Set(['a']))).toBeUndefined();
  });
});
