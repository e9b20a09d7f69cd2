import type { RoundAnswer } from '@coinfall/shared';

/**
 * The messages between the game client in its iframe and the game page around it (same origin
 * only, both ways): the iframe tells the page of each answer and asks it for the store; the page
 * owns the header, the store and the wallet, the iframe only the game.
 */
export const BALANCE_MESSAGE_TYPE = 'coinfall:balance';
export const GET_COINS_MESSAGE_TYPE = 'coinfall:get-coins';

export type FrameMessage =
  | { type: typeof BALANCE_MESSAGE_TYPE; balance: number; currency: string }
  | { type: typeof GET_COINS_MESSAGE_TYPE };

/** Tells the site around the iframe the new balance (same origin only). */
export function postBalance(
  target: Pick<Window, 'postMessage'> | null,
  origin: string,
  answer: Pick<RoundAnswer, 'balance'> & { round: { currency: string } },
): void {
  target?.postMessage(
    { type: BALANCE_MESSAGE_TYPE, balance: answer.balance, currency: answer.round.currency },
    origin,
  );
}

/**
 * Asks the game page around the iframe to open the store (its bundles modal) over the game, which
 * stays as it was. False when there is no such page (the client opened alone): then the caller
 * navigates the top window itself.
 */
export function askForCoins(self: {
  parent: Pick<Window, 'postMessage'>;
  location: { origin: string };
}): boolean {
  if ((self.parent as unknown) === self) return false;
  self.parent.postMessage({ type: GET_COINS_MESSAGE_TYPE }, self.location.origin);
  return true;
}

/** Whether a refusal means the player lacks coins for the bet (the store is the way out). */
export const isOutOfCoins = (code: string): boolean =>
  code === 'INSUFFICIENT_FUNDS' || code === 'CURRENCY_NOT_PLAYABLE';

/**
 * A message the game page accepts: from its own origin and of a known shape; anything else
 * (another frame, an extension) is ignored.
 */
export function frameMessageOf(
  event: { origin: string; data: unknown },
  origin: string,
): FrameMessage | null {
  if (event.origin !== origin) return null;
  const data = event.data as { type?: unknown; balance?: unknown; currency?: unknown } | null;
  if (!data || typeof data !== 'object') return null;
  if (data.type === GET_COINS_MESSAGE_TYPE) return { type: GET_COINS_MESSAGE_TYPE };
  if (
    data.type === BALANCE_MESSAGE_TYPE &&
    typeof data.balance === 'number' &&
    typeof data.currency === 'string'
  ) {
    return { type: BALANCE_MESSAGE_TYPE, balance: data.balance, currency: data.currency };
  }
  return null;
}
