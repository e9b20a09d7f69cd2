import {
  ADMIN_ROUND_SORTS,
  type AdminRoundSearchQuery,
} from '@coinfall/shared/contracts/admin-rounds';
import { GAME_CURRENCIES } from '@coinfall/shared/contracts/game';
import { BetStatus } from '@coinfall/shared/constants';
import { filterOf, isoFromLocalInput, oneOf, pageOf, UUID } from './search-params.fns';

/** The rounds search's URL filters as the API accepts them, and what had to be left out. */
export interface RoundSearch {
  query: AdminRoundSearchQuery;
  /** Filters in the URL the API would refuse, in words; they are not sent. */
  ignored: string[];
}

/**
 * Reads the rounds page's query: each filter the API would refuse (a malformed player id, an
 * unknown currency or status, a "to" not after "from") is dropped and named instead of turning
 * the whole list into an error.
 */
export function roundSearchOf(params: URLSearchParams, perPage: number): RoundSearch {
  const ignored: string[] = [];
  const playerId = filterOf(params, 'playerId');
  const currencyText = filterOf(params, 'currency');
  const statusText = filterOf(params, 'status');
  const status = Number(statusText);
  const validStatus = (Object.values(BetStatus) as number[]).includes(status);
  const from = isoFromLocalInput(filterOf(params, 'from'));
  let to = isoFromLocalInput(filterOf(params, 'to'));
  if (playerId && !UUID.test(playerId)) ignored.push('the player id is not a valid id');
  const currency = oneOf(GAME_CURRENCIES, currencyText);
  if (currencyText && !currency) ignored.push(`unknown currency ${currencyText}`);
  if (statusText && !validStatus) ignored.push(`unknown status ${statusText}`);
  if (from && to && from >= to) {
    ignored.push('“To” is not after “From”');
    to = undefined;
  }
  return {
    ignored,
    query: {
      page: pageOf(params),
      perPage,
      playerId: playerId && UUID.test(playerId) ? playerId : undefined,
      game: filterOf(params, 'game')?.slice(0, 100),
      currency,
      status: statusText && validStatus ? status : undefined,
      from,
      to,
      sort: oneOf(ADMIN_ROUND_SORTS, filterOf(params, 'sort')) ?? 'createdAt',
      order: filterOf(params, 'order') === 'asc' ? 'asc' : 'desc',
    },
  };
}
