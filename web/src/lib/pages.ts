import { STAFF_ROLES } from '@stratum/core/contract/common';
import { areaOfPage, PAGE_KEYS, type TPageKey } from '@stratum/core/areas';

export { PAGE_KEYS, type TPageKey } from '@stratum/core/areas';
export const DEFAULT_PAGE: TPageKey = 'dashboard';

/** Each page's title is its area's name in the registry. */
export const PAGE_TITLES = Object.fromEntries(
  PAGE_KEYS.map((page) => [page, areaOfPage(page).label]),
) as Record<TPageKey, string>;

/** §2 "Tools menu" and its routes. */
export const TOOLS = [
  {
    slug: 'diff',
    label: 'File difference checker',
    description: 'Compare two files or snippets line by line.',
  },
  {
    slug: 'jwt',
    label: 'JWT token extractor',
    description: 'Decode a JSON Web Token into its header, claims and expiry.',
  },
  {
    slug: 'base64',
    label: 'Base64 encode/decode',
    description: 'Turn text into Base64 and back.',
  },
] as const;
export type TToolSlug = (typeof TOOLS)[number]['slug'];

/** §6: owner, admin, moderator and helper see the Admin entries and may open the page. */
export function isStaff(role: string): boolean {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

export function canOpen(page: TPageKey, role: string): boolean {
  return page !== 'admin' || isStaff(role);
}

export interface ResolvedPage {
  page: TPageKey;
  tool: TToolSlug | null;
  /** Set when the address must change to match the page shown. */
  redirectTo: string | null;
}

function isPageKey(value: string): value is TPageKey {
  return (PAGE_KEYS as readonly string[]).includes(value);
}

/**
 * The page for a path: `/` opens the remembered page; an unknown page, or the admin page for a
 * non-staff role, shows the dashboard; `/tools/<tool>` opens one tool.
 */
export function resolvePage(
  pathname: string,
  role: string,
  remembered: string | null,
): ResolvedPage {
  const [first = '', second] = pathname.split('/').filter(Boolean);
  if (first === '') {
    const page =
      remembered && isPageKey(remembered) && canOpen(remembered, role) ? remembered : DEFAULT_PAGE;
    return { page, tool: null, redirectTo: `/${page}` };
  }
  if (!isPageKey(first) || !canOpen(first, role)) {
    return { page: DEFAULT_PAGE, tool: null, redirectTo: `/${DEFAULT_PAGE}` };
  }
  if (first === 'tools' && second !== undefined) {
    const tool = TOOLS.find((t) => t.slug === second);
    return tool
      ? { page: 'tools', tool: tool.slug, redirectTo: null }
      : { page: 'tools', tool: null, redirectTo: '/tools' };
  }
  return { page: first, tool: null, redirectTo: null };
}
