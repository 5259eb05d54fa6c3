import { readString, STORAGE_KEYS, writeJson, writeString } from '../../lib/storage';

/** §3 local keys: every hint off, or the pages whose hint was dismissed (page → true). */
export const HINT_KEYS = {
  allDismissed: STORAGE_KEYS.hintsAllDismissed,
  dismissedPages: STORAGE_KEYS.hintsDismissedPages,
} as const;

/** §2: the pages that have a contextual hint. */
export const HINT_PAGES = [
  'dashboard',
  'planner',
  'converter',
  'api',
  'subscription',
  'profile',
  'admin',
  'messages',
  'clusters',
] as const;
export type THintPage = (typeof HINT_PAGES)[number];

export function isHintPage(page: string): page is THintPage {
  return (HINT_PAGES as readonly string[]).includes(page);
}

export interface HintState {
  isAllDismissed: boolean;
  dismissedPages: Record<string, true>;
}

/** Parses what is stored; anything unreadable counts as nothing dismissed. */
export function parseHintState(allDismissed: string | null, pages: string | null): HintState {
  const dismissedPages: Record<string, true> = {};
  try {
    const parsed: unknown = JSON.parse(pages ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [page, value] of Object.entries(parsed))
        if (value === true) dismissedPages[page] = true;
    }
  } catch {
    // keep the empty map
  }
  return { isAllDismissed: allDismissed === 'true', dismissedPages };
}

export function shouldShowHint(page: string, state: HintState): page is THintPage {
  return isHintPage(page) && !state.isAllDismissed && state.dismissedPages[page] !== true;
}

export function readHintState(): HintState {
  return parseHintState(readString(HINT_KEYS.allDismissed), readString(HINT_KEYS.dismissedPages));
}

/** Dismisses one page's hint (§2: dismissal is per page). */
export function dismissHint(page: THintPage): HintState {
  const state = readHintState();
  const next = { ...state, dismissedPages: { ...state.dismissedPages, [page]: true as const } };
  writeJson(HINT_KEYS.dismissedPages, next.dismissedPages);
  return next;
}

/** Turns every hint off. */
export function dismissAllHints(): HintState {
  writeString(HINT_KEYS.allDismissed, 'true');
  return { ...readHintState(), isAllDismissed: true };
}
