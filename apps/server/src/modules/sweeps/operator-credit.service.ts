import { REDEEM_CURRENCY, type DevSweepsCredit, type DevSweepsCreditBody } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlayerRowLock, WalletService } from '../wallet/wallet.service.ts';
import { toSweepsCredit } from './playthrough.service.ts';
import type { SweepsCreditsRepo } from './sweeps-credits.repo.ts';

/**
 * Sandbox only (POST /api/dev/players/{id}/sweeps-credit): credits Sweeps Coins as an operator
 * would — promotions → the player's SC account (opened when missing) and a sweeps credit of
 * source 'adjustment', played through already when asked, so demos and browser tests can redeem.
 */
export function createOperatorCreditService(deps: {
  db: Database;
  credits: Pick<SweepsCreditsRepo, 'record' | 'findOf'>;
  ledger: Pick<LedgerService, 'post'>;
  wallet: Pick<WalletService, 'accountIn'>;
  players: PlayerRowLock;
  now?: () => Date;
}) {
  const { ledger, wallet } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** `requestKey` names the request: the same key again answers the first credit. */
    creditSweeps: (
      playerId: string,
      body: Omit<DevSweepsCreditBody, 'requestKey'>,
      requestKey: string,
    ): Promise<DevSweepsCredit> =>
      deps.db.transaction(async (tx) => {
        if (!(await deps.players.lockRow(tx, playerId))) throw AppError.notFound('Player');
        const accountId = await wallet.accountIn(tx, playerId, REDEEM_CURRENCY);
        const { transaction, replayed } = await ledger.post(tx, {
          idempotencyKey: `operator-credit:${playerId}:${requestKey}`,
          kind: 'adjustment',
          playerId,
          entries: [
            { account: { accountId }, currency: REDEEM_CURRENCY, amount: body.amount },
            { account: { house: 'promotions' }, currency: REDEEM_CURRENCY, amount: -body.amount },
          ],
          // Part of the posting's hash: the same key with another playedThrough is a CONFLICT.
          metadata: { playedThrough: body.playedThrough },
        });
        if (!replayed) {
          await deps.credits.record(tx, {
            playerId,
            source: 'adjustment',
            amount: body.amount,
            ledgerTransactionId: transaction.transactionId,
            ...(body.playedThrough ? { wagered: body.amount, completedAt: now() } : {}),
          });
        }
        const credit = await deps.credits.findOf(tx, transaction.transactionId);
        if (!credit) throw new Error(`credit of ${transaction.transactionId} vanished`);
        return {
          transactionId: transaction.transactionId,
          replayed,
          credit: toSweepsCredit(credit),
        };
      }),
  };
}
export type OperatorCreditService = ReturnType<typeof createOperatorCreditService>;
