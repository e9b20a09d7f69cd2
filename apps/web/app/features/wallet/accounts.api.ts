import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  CreateWalletAccountBody,
  WalletAccount,
  WalletAccountList,
} from '@coinfall/shared/contracts/wallet';
import { playerQueryClient, usePlayerQuery } from '../../lib/query/player-queries';
import { apiClient } from '../../lib/session/session';

const ACCOUNTS_PATH = '/api/wallet/accounts';

/**
 * GET /api/wallet/accounts: every account of the player, hidden ones included. The header loads
 * it on every player page, so like the startup profile load it leaves a refusal to the session
 * checks: the menu shows its error and retry instead of logging out from here.
 */
export const accountsQuery = queryOptions({
  queryKey: ['wallet', 'accounts'] as const,
  queryFn: async () =>
    (await apiClient().get<WalletAccountList>(ACCOUNTS_PATH, { skipGlobalHandler: true })).data,
});

export function useAccounts() {
  return usePlayerQuery(accountsQuery);
}

const accountPath = (id: string, action: 'switch' | 'hide') =>
  `${ACCOUNTS_PATH}/${encodeURIComponent(id)}/${action}`;

/** The list is read again after any change: a switch also changes the old active account. */
const refreshAccounts = () =>
  playerQueryClient.invalidateQueries({ queryKey: accountsQuery.queryKey });

/**
 * POST (open an account), PUT …/switch (make it the active one), PUT …/hide. 400/409 are shown
 * by the form or row that asked; an account gone meanwhile (404) is the row's to say, not a trip
 * to /404.
 */
export function useAccountMutations() {
  const options = { onSuccess: refreshAccounts } as const;
  const create = useMutation(
    {
      // A 409 means the list shown is stale (an account opened elsewhere): read it again too.
      onSettled: refreshAccounts,
      mutationFn: (body: CreateWalletAccountBody) =>
        apiClient().post<WalletAccount>(ACCOUNTS_PATH, { body }),
    },
    playerQueryClient,
  );
  const switchTo = useMutation(
    {
      ...options,
      mutationFn: (id: string) =>
        apiClient().put<WalletAccount>(accountPath(id, 'switch'), { skipGlobalHandler: true }),
    },
    playerQueryClient,
  );
  const hide = useMutation(
    {
      ...options,
      mutationFn: (id: string) =>
        apiClient().put<WalletAccount>(accountPath(id, 'hide'), { skipGlobalHandler: true }),
    },
    playerQueryClient,
  );
  return { create, switchTo, hide };
}
