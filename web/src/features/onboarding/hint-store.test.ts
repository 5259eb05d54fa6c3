import { describe, expect, it } from 'vitest';
import { parseHintState, shouldShowHint } from './hint-store';

describe('contextual hints', () => {
  it('shows a hint on the §2 pages until that page is dismissed', () => {
    const none = parseHintState(null, null);
    expect(shouldShowHint('dashboard', none)).toBe(true);
    expect(shouldShowHint('messages', none)).toBe(true);
    expect(shouldShowHint('tools', none)).toBe(false);
    const some = parseHintState(null, '{"dashboard":true,"planner":false}');
    expect(shouldShowHint('dashboard', some)).toBe(false);
    expect(shouldShowHint('planner', some)).toBe(true);
  });

  it('shows none once every hint is off, and survives unreadable storage', () => {
    expect(shouldShowHint('admin', parseHintState('true', null))).toBe(false);
    expect(shouldShowHint('admin', parseHintState('false', 'not json'))).toBe(true);
    expect(parseHintState(null, '[1]').dismissedPages).toEqual({});
  });
});
