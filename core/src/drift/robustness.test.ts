import { describe, expect, it } from 'vitest';
import { readActual, type TFileActualKind } from './actual';
import { detectDrift } from './detect';
import { recommend } from './recommend';

const ODD = [
  'null',
  '42',
  '"text"',
  '[]',
  '[1, "a", null]',
  '{}',
  '{"changes": [1, null, {"resourceId": 5}, {"resourceId": "/subscriptions/x", "changeType": "Modify", "delta": [null, {"path": 3}, {"path": "a", "children": [null]}]}]}',
  '{"properties": {"changes": {"not": "a list"}}}',
  '{"managed": [{"id": 1}], "differences": [{"res": null}, {"res": {"id": "a", "type": "t"}, "changelog": [{"path": "x"}]}]}',
  '{"format_version": "1.2", "resource_drift": [null, {"type": "t", "change": {"actions": "update"}}], "resource_changes": []}',
  '{"format_version": "1.2", "resource_drift": {"a": 1}}',
  '[{"id": "a", "tags": {"x": [1, {"y": null}]}}, {"id": "b"}]',
  '[{"no": "id"}]',
  '{',
  '',
];

describe('bad input never throws', () => {
  it('answers a message or a result for every kind and shape', () => {
    for (const kind of ['plan', 'whatif', 'driftctl', 'snapshot'] as TFileActualKind[]) {
      for (const text of ODD) {
        const r = readActual(kind, text, 'aws_thing');
        if (!r.ok) {
          expect(r.message.length).toBeGreaterThan(0);
          continue;
        }
        const scan = detectDrift(r.desired ?? [], r.value, { ignoreRules: [] });
        for (const c of scan.changes) expect(recommend(c).summary.length).toBeGreaterThan(0);
      }
    }
  });
});
