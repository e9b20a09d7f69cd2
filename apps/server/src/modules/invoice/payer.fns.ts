import { PlayerStatus } from '@coinfall/shared';
import { AppError } from '../../platform/errors.ts';

/** What paying needs to know of a player. */
export interface Payer {
  id: string;
  email: string;
  nickname: string | null;
  status: number;
  segmentIds: number[];
}

/**
 * Blocked (or removed) players move no money; the guard refuses them too, this is at commit time.
 * A Limited player (status 2) plays on what they hold but pays nothing in (decision 033).
 */
export function assertMayPay(payer: Payer | undefined): Payer {
  if (!payer) throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
  if (payer.status === PlayerStatus.Blocked) {
    throw new AppError('ACCOUNT_BLOCKED', 'This account is blocked');
  }
  if (payer.status === PlayerStatus.Limited) {
    throw new AppError('ACCOUNT_LIMITED', 'This account may play, but not buy or deposit');
  }
  return payer;
}
