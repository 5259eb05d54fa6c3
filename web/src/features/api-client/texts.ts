import type { TGatedFeature } from '@stratum/core/plans-gating';

/** What the API Calls page says that no server answer carries. */
export const API_TEXT = {
  pageTitle: 'API Calls',
  untitled: 'Untitled request',
  noEnvironment: 'No environment',
  sendFailed: 'The request could not be sent.',
  cancelled: 'Request cancelled',
  saved: (name: string) => `${name} saved`,
  conflict:
    'This collection was changed elsewhere since you opened it. Reload it, then save again.',
  curlImported: 'cURL command turned into a request',
  curlFailed: 'That cURL command could not be read.',
  invalidJson: (detail: string) => `Invalid JSON: ${detail}`,
} as const;

/** How each plan-gated capability of the page is named where it is shown locked. */
export const FEATURE_NAMES: Record<
  Extract<
    TGatedFeature,
    | 'api-advanced-auth'
    | 'api-retries'
    | 'api-code-snippets'
    | 'api-pre-request'
    | 'api-test-scripts'
  >,
  string
> = {
  'api-advanced-auth': 'OAuth 2.0, AWS Signature v4 and Digest authentication',
  'api-retries': 'Retries',
  'api-code-snippets': 'Code snippets',
  'api-pre-request': 'Pre-request scripts',
  'api-test-scripts': 'Test scripts',
};
export type TApiFeature = keyof typeof FEATURE_NAMES;
