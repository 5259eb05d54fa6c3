import { describe, expect, it } from 'vitest';
import { areaOfPage } from '@stratum/core/areas';
import { HINT_PAGES, parseHintState, shouldShowHint } from './hint-store';
import { hintFor, WRITTEN_HINTS } from './hint-texts';

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

describe('hint texts', () => {
  it('never describes a coming area as usable: its hint says it is not available yet', () => {
    for (const page of HINT_PAGES) {
      const area = areaOfPage(page);
      if (area.state === 'coming') {
        expect(WRITTEN_HINTS[page], `${page} is coming`).toBeUndefined();
        expect(hintFor(page).text).toContain('not available yet');
      } else {
        expect(hintFor(page).text).not.toContain('not available yet');
      }
    }
    expect(hintFor('converter').title).toBe('Convert infrastructure code');
    expect(hintFor('api').title).toBe('Send requests like in Postman');
  });
});
