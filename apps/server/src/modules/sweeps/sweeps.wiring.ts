import type { Database } from '../../db/client.ts';
import type { InvoiceRepo } from '../invoice/invoice.repo.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlayerRowLock, WalletService } from '../wallet/wallet.service.ts';
import { createOperatorCreditService } from './operator-credit.service.ts';
import { createPlaythroughService } from './playthrough.service.ts';
import { createSweepsCreditsRepo } from './sweeps-credits.repo.ts';

/**
 * Sweeps Coins credits and their 1x playthrough (docs/decisions/012): what settlement records,
 * what game rounds count wagers against, what redemptions may pay out. No routes of its own.
 */
export function wireSweeps(deps: {
  db: Database;
  invoices: Pick<InvoiceRepo, 'heldIn'>;
  ledger: Pick<LedgerService, 'post'>;
  wallet: Pick<WalletService, 'accountIn'>;
  players: PlayerRowLock;
  now?: () => Date;
}) {
  const credits = createSweepsCreditsRepo(deps.db);
  const playthrough = createPlaythroughService({
    repo: credits,
    invoices: deps.invoices,
    now: deps.now,
  });
  const operatorCredits = createOperatorCreditService({
    db: deps.db,
    credits,
    ledger: deps.ledger,
    wallet: deps.wallet,
    players: deps.players,
    now: deps.now,
  });
  return { credits, playthrough, operatorCredits, recordWager: playthrough.recordWager };
}
