import { queryOptions } from '@tanstack/react-query';
import type {
  SocialAuthorizeResponse,
  SocialConnection,
  SocialConnectionList,
} from '@coinfall/shared/contracts/social';
import { usePlayerQuery } from '../../lib/query/player-queries';
import { apiClient } from '../../lib/session/session';
import { accountCall } from './account-call';

const socialConnectionsQuery = queryOptions({
  queryKey: ['social', 'connections'] as const,
  queryFn: () =>
    apiClient().get<SocialConnectionList>('/api/player/social/connections', {
      skipGlobalHandler: true,
    }),
  // Configuration, not player data: it changes with a deployment.
  staleTime: 10 * 60_000,
});

/** GET /api/player/social/connections (a guest call). */
export function useSocialConnections() {
  return usePlayerQuery(socialConnectionsQuery);
}

/** POST /api/player/social/{connection}/authorize: the provider URL to send the browser to. */
export function authorizeSocial(connection: SocialConnection, backTo: string | undefined) {
  return accountCall(() =>
    apiClient().post<SocialAuthorizeResponse>(`/api/player/social/${connection}/authorize`, {
      body: backTo ? { backTo } : {},
      skipGlobalHandler: true,
      withBrowserBinding: true,
    }),
  );
}
