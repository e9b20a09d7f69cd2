import type { Database } from '../../db/client.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SweepsCreditsRepo } from '../sweeps/sweeps-credits.repo.ts';
import type { PlayerRowLock, WalletService } from '../wallet/wallet.service.ts';
import { createBonusEvents } from './bonus-events.ts';
import { createBonusLedger } from './bonus-ledger.ts';
import { createBonusLifecycle } from './bonus-lifecycle.service.ts';
import { createBonusRepo } from './bonus.repo.ts';

/**
 * The bonus engine (issue 14, decision 024): player bonuses and free spins, their money in the
 * players' bonus ledger accounts, welcome coins, the daily bonus, codes, expiry.
 */
export function wireBonus(deps: {
  db: Database;
  ledger: Pick<LedgerService, 'post'>;
  wallet: Pick<WalletService, 'accountIn'>;
  credits: Pick<SweepsCreditsRepo, 'record'>;
  outbox: OutboxRecorder;
  players: PlayerRowLock;
  now?: () => Date;
}) {
  const repo = createBonusRepo(deps.db);
  const events = createBonusEvents(deps.outbox);
  const ledger = createBonusLedger({
    ledger: deps.ledger,
    repo,
    wallet: deps.wallet,
    credits: deps.credits,
  });
  const lifecycle = createBonusLifecycle({ repo, ledger, events, now: deps.now });

  /**
   * Welcome coins, in the registration transaction (which inserted the player row, so holds it):
   * once per player by the source `registration`.
   */
  async function grantWelcome(tx: Database, playerId: string): Promise<void> {
    const definition = await repo.findDefinitionBySlug(tx, 'welcome');
    if (!definition?.enabled) return;
    await lifecycle.grant(tx, { playerId, definition, source: 'registration' });
  }

  return { repo, ledger, lifecycle, grantWelcome };
}
