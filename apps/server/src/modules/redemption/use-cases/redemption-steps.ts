import type { Invoice } from '@coinfall/shared';
import type { Database } from '../../../db/client.ts';
import type { OutboxRecorder } from '../../../platform/events/outbox.repo.ts';
import { AppError } from '../../../platform/errors.ts';
import { invoiceUpdatedEvent, type InvoiceRow } from '../../invoice/invoice.fns.ts';
import type { LedgerService } from '../../ledger/ledger.service.ts';
import type { SegmentsRepo } from '../../segments/segments.repo.ts';
import type { PlaythroughService } from '../../sweeps/playthrough.service.ts';
import type { PlayerRowLock } from '../../wallet/wallet.service.ts';
import { DAILY_PAYOUT_LIMIT_BASE_MINOR, DAILY_WINDOW_MS, valueInBase } from '../redemption.fns.ts';
import type { RedemptionRepo } from '../redemption.repo.ts';
import type { W9Service } from '../w9.service.ts';

export type PayoutOutcome = 'success' | 'rejected';
export const DECLINED_BY_PLAYER = 'declined_by_player';

export interface RedemptionDeps {
  repo: RedemptionRepo;
  players: PlayerRowLock;
  ledger: Pick<LedgerService, 'post'>;
  playthrough: Pick<PlaythroughService, 'standing' | 'afterRedemptionDebit'>;
  w9: Pick<W9Service, 'assess'>;
  segments: Pick<SegmentsRepo, 'addPlayer'>;
  outbox: OutboxRecorder;
  /**
   * Before a Sweeps Coins redemption's hold (the bonus engine): refuses while SC bonuses are open
   * unless `forfeit`, which cancels them in this transaction.
   */
  beforeRedemption?: (tx: Database, playerId: string, forfeit: boolean) => Promise<void>;
  /**
   * The jurisdiction door of Sweeps Coins redemptions (decision 046): 403 REDEMPTION_NOT_ALLOWED
   * where the player's place refuses them, a wind-down window still open counting as allowed.
   */
  assertRedemptions?: (tx: Database, playerId: string) => Promise<void>;
  /** The same door as a yes or no, for the limits preview (GET /api/redeem-limits). */
  allowsRedemptions?: (tx: Database, playerId: string) => Promise<boolean>;
  now?: () => Date;
}

/** Called in a payout change's transaction with the status before and the invoice after. */
export type PayoutChangeHook = (
  tx: Database,
  statusBefore: number,
  after: Invoice,
) => Promise<void>;

/** The steps the redemption use-cases share: what the rules weigh, publishing, moving held money. */
export function createRedemptionSteps(deps: RedemptionDeps) {
  const { repo, ledger } = deps;
  const now = deps.now ?? (() => new Date());

  async function playerOf(tx: Database, playerId: string) {
    const player = await repo.findPlayer(tx, playerId);
    if (!player) throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
    return player;
  }

  /** Everything the rules weigh for a payout of `amount` in `currency`, read in `tx`. */
  async function assess(tx: Database, playerId: string, amount: number, currency: string) {
    const player = await playerOf(tx, playerId);
    const at = now();
    const rates = await repo.listCurrencies(tx);
    const requestBase = valueInBase(amount, currency, rates);
    const w9 = await deps.w9.assess(tx, player, requestBase);
    const dayBase = await repo.payoutBaseSince(
      tx,
      playerId,
      new Date(at.getTime() - DAILY_WINDOW_MS),
    );
    const dailyRemaining = Math.max(0, DAILY_PAYOUT_LIMIT_BASE_MINOR - dayBase);
    return { player, at, requestBase, w9, dailyRemaining };
  }

  async function publish(tx: Database, row: InvoiceRow): Promise<Invoice> {
    const event = invoiceUpdatedEvent(row);
    await deps.outbox.record(tx, event);
    return event.payload.invoice;
  }

  /** Moves the held money of a payout out of redemptions_clearing, to the house or back. */
  async function moveHeld(tx: Database, row: InvoiceRow, outcome: PayoutOutcome | 'declined') {
    const account = await repo.findAccount(tx, row.playerId, row.currency);
    if (!account) throw new Error(`payout ${row.id} has no ${row.currency} account to release to`);
    const to = outcome === 'success' ? { house: 'bankroll' as const } : { accountId: account.id };
    const { transaction } = await ledger.post(tx, {
      idempotencyKey: `invoice:${row.id}:${outcome}`,
      kind: outcome === 'success' ? 'redemption.paid' : 'redemption.released',
      playerId: row.playerId,
      entries: [
        { account: { house: 'redemptions_clearing' }, currency: row.currency, amount: -row.amount },
        { account: to, currency: row.currency, amount: row.amount },
      ],
      metadata: { invoiceId: row.id },
    });
    return transaction.transactionId;
  }

  return { now, assess, publish, moveHeld };
}
export type RedemptionSteps = ReturnType<typeof createRedemptionSteps>;
