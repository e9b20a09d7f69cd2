/**
 * The games benchmark's bonus players (issue 14): each gets an active Sweeps Coins bonus with a
 * wagering it never completes, through the bonus engine's own lifecycle (in this process, on the
 * bench database), so their rounds take the bonus path: the stake split between cash and bonus,
 * the wagering progress and its event.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { bonusDefinitions, gameSessions } from '../../apps/server/src/db/schema/index.ts';
import { createBonusEvents } from '../../apps/server/src/modules/bonus/bonus-events.ts';
import { createBonusLedger } from '../../apps/server/src/modules/bonus/bonus-ledger.ts';
import { createBonusLifecycle } from '../../apps/server/src/modules/bonus/bonus-lifecycle.service.ts';
import { createBonusRepo } from '../../apps/server/src/modules/bonus/bonus.repo.ts';
import type { LedgerService } from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { lockPlayerRow } from '../../apps/server/src/modules/player/player.repo.ts';
import { createOutboxRepo } from '../../apps/server/src/platform/events/outbox.repo.ts';

/** Large enough that no run plays it away; its wagering (1,000×) is never reached. */
const BONUS_SC = 100_000_000;

const unused = (): never => {
  throw new Error('the bench grants wagering bonuses only: nothing is paid as cash');
};

export async function grantWageringBonuses(
  db: Database,
  ledger: Pick<LedgerService, 'post'>,
  gameSessionTokens: string[],
): Promise<void> {
  const [definition] = await db
    .insert(bonusDefinitions)
    .values({
      slug: 'bench-wagering',
      kind: 'no-deposit',
      rewards: [{ currency: 'SC', amount: BONUS_SC }],
      wageringTenths: 10_000,
      contributions: { slot: 100, original: 100, table: 20 },
    })
    .returning();
  if (!definition) throw new Error('bench bonus definition not inserted');
  const repo = createBonusRepo(db);
  const lifecycle = createBonusLifecycle({
    repo,
    ledger: createBonusLedger({
      ledger,
      repo,
      wallet: { accountIn: unused },
      credits: { record: unused },
    }),
    events: createBonusEvents(createOutboxRepo(db)),
  });
  for (const token of gameSessionTokens) {
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const [session] = await db
      .select({ playerId: gameSessions.playerId })
      .from(gameSessions)
      .where(eq(gameSessions.tokenHash, tokenHash));
    if (!session) throw new Error('bench game session not found');
    const { playerId } = session;
    await db.transaction(async (tx) => {
      if (!(await lockPlayerRow(tx, playerId))) throw new Error(`no player ${playerId}`);
      const granted = await lifecycle.grant(tx, { playerId, definition, source: 'bench' });
      if (granted?.bonuses[0]?.status !== 2) throw new Error('bench bonus not active');
    });
  }
}
