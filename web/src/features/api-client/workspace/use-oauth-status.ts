import { useQuery } from '@tanstack/react-query';
import type { TAuth } from '@stratum/core/api-client/model';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { formatDateTime } from '../../../lib/format-date';
import { oauthTokenStatusQuery } from '../api/oauth';

/** Whether the server holds an OAuth 2.0 token for this configuration, as one sentence. */
export function useOAuthTokenStatus(
  auth: TAuth,
  context: { environmentId?: string; collectionId?: string },
  isAllowed: boolean,
): string | undefined {
  const input = useDebouncedValue({ auth, ...context }, 800);
  const status = useQuery({
    ...oauthTokenStatusQuery(input),
    enabled: isAllowed && input.auth.type === 'oauth2',
  });
  if (auth.type !== 'oauth2' || !status.data) return undefined;
  if (!status.data.hasToken)
    return auth.grant === 'client_credentials'
      ? 'No token yet: one is fetched when you send.'
      : 'No token yet: get one before sending.';
  const until = status.data.expiresAt
    ? `, valid until ${formatDateTime(status.data.expiresAt)}`
    : '';
  return `A token is held on the server${until}${status.data.canRefresh ? ' (renewed automatically)' : ''}.`;
}
