import type { FastifyBaseLogger } from 'fastify';
import { REDEEM_CURRENCY } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlaythroughService } from './playthrough.service.ts';
import {
  expiresAtOf,
  firstLookAfterMs,
  nextExpiryStep,
  type ExpiryTerms,
} from './sweeps-expiry.fns.ts';
import { sweepsReminderMail } from './sweeps-expiry-mail.fns.ts';
import type { SweepsExpiryRepo } from './sweeps-expiry.repo.ts';

/** Players per transaction: one posting each, so smaller than the bonus job's batches. */
export const SWEEPS_EXPIRY_BATCH = 200;

interface Reminder {
  email: string;
  playerId: string;
  periodStart: Date;
  daysBefore: number;
  amount: number;
  expiresAt: Date;
}

/**
 * The Sweeps Coins expiry job (decision 035), run by the outbox leader's housekeeping. A run
 * walks the players holding SC whose inactivity period is old enough, a batch per transaction:
 * lock the batch's players (skipping busy ones: another node, a bet), read each one's standing
 * under the lock, then expire (one posting of the whole balance back to promotions, the open
 * playthrough credits forfeited as at any zero balance) or record a reminder, whose mail goes
 * after the commit. The notice key (player, period, days before) makes each happen once however
 * many nodes run; a reminder whose mail fails is forgotten, so the next run sends it.
 */
export function createSweepsExpiry(deps: {
  repo: SweepsExpiryRepo;
  ledger: Pick<LedgerService, 'post'>;
  playthrough: Pick<PlaythroughService, 'forfeitIfEmpty'>;
  mailer: Mailer;
  publicUrl: string;
  terms: ExpiryTerms;
  log: FastifyBaseLogger;
  now?: () => Date;
  batch?: number;
}) {
  const { repo, terms } = deps;
  const now = deps.now ?? (() => new Date());
  const batch = deps.batch ?? SWEEPS_EXPIRY_BATCH;

  async function handle(tx: Database, playerId: string, at: Date, reminders: Reminder[]) {
    const standing = await repo.standingOf(tx, playerId);
    if (!standing || standing.balance <= 0) return 'none';
    const { periodStart, balance } = standing;
    const step = nextExpiryStep(periodStart, at, terms, standing.done);
    if (!step) return 'none';
    if (step.kind === 'remind') {
      const claimed = await repo.insertNotice(tx, {
        playerId,
        periodStart,
        daysBefore: step.daysBefore,
        createdAt: at,
      });
      if (claimed) {
        reminders.push({
          email: standing.email,
          playerId,
          periodStart,
          daysBefore: step.daysBefore,
          amount: balance,
          expiresAt: expiresAtOf(periodStart, terms),
        });
      }
      return claimed ? 'reminded' : 'none';
    }
    // The key names the period: the ledger refuses a second expiry of it, whatever node asks.
    const { transaction, replayed } = await deps.ledger.post(tx, {
      idempotencyKey: `sweeps-expiry:${playerId}:${periodStart.toISOString()}`,
      kind: 'sweeps.expiry',
      playerId,
      entries: [
        { account: { accountId: standing.accountId }, currency: REDEEM_CURRENCY, amount: -balance },
        { account: { house: 'promotions' }, currency: REDEEM_CURRENCY, amount: balance },
      ],
      metadata: { inactiveSince: periodStart.toISOString(), days: terms.expiryDays },
    });
    if (replayed) return 'none';
    await repo.insertNotice(tx, {
      playerId,
      periodStart,
      daysBefore: 0,
      createdAt: at,
      amount: balance,
      ledgerTransactionId: transaction.transactionId,
    });
    await deps.playthrough.forfeitIfEmpty(tx, playerId, at);
    return 'expired';
  }

  async function mail(reminder: Reminder): Promise<void> {
    try {
      await deps.mailer.send(
        sweepsReminderMail(reminder.email, {
          amount: reminder.amount,
          expiresAt: reminder.expiresAt,
          loginUrl: new URL('/login', deps.publicUrl).toString(),
        }),
      );
    } catch (err) {
      deps.log.warn({ err, playerId: reminder.playerId }, 'sweeps expiry reminder not sent');
      await repo.deleteNotice(reminder.playerId, reminder.periodStart, reminder.daysBefore);
    }
  }

  return {
    /** The housekeeping task: how many balances expired and reminders were mailed. */
    async run(): Promise<{ expired: number; reminded: number }> {
      const totals = { expired: 0, reminded: 0 };
      let afterId = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const reminders: Reminder[] = [];
        const seen = await repo.db.transaction(async (tx) => {
          const at = now();
          const startedBy = new Date(at.getTime() - firstLookAfterMs(terms));
          const ids = await repo.candidates(tx, startedBy, afterId, batch);
          for (const playerId of await repo.lockPlayers(tx, ids)) {
            const done = await handle(tx, playerId, at, reminders);
            if (done === 'expired') totals.expired += 1;
          }
          return ids;
        });
        for (const reminder of reminders) await mail(reminder);
        totals.reminded += reminders.length;
        if (seen.length < batch) return totals;
        afterId = seen[seen.length - 1]!;
      }
    },
  };
}
export type SweepsExpiry = ReturnType<typeof createSweepsExpiry>;
