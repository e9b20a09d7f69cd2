import type { Database } from './db/client.ts';
import { createOutboxRepo } from './platform/events/outbox.repo.ts';
import { createIdempotencyRepo } from './platform/idempotency/idempotency.repo.ts';
import { createIdempotency } from './platform/idempotency/idempotency.ts';
import { createLedgerRepo } from './modules/ledger/ledger.repo.ts';
import { createLedgerService } from './modules/ledger/ledger.service.ts';
import { lockPlayerRow, lockPlayerRows } from './modules/player/player.repo.ts';
import { createCurrencyRatesRepo } from './modules/wallet/currency-rates.repo.ts';
import { createWalletRepo } from './modules/wallet/wallet.repo.ts';
import { createWalletService } from './modules/wallet/wallet.service.ts';

/**
 * The kernel (docs/decisions/018): what several modules share, built once by the composition
 * root and handed down as narrow deps — never built again inside a module's wiring.
 */
export function buildKernel(db: Database) {
  const walletRepo = createWalletRepo(db);
  // Every money module locks the player row first (the one lock order, decision 010).
  const players = { lockRow: lockPlayerRow, lockRows: lockPlayerRows };
  return {
    rates: createCurrencyRatesRepo(db),
    idempotency: createIdempotency({ repo: createIdempotencyRepo(db) }),
    ledger: createLedgerService({ repo: createLedgerRepo(db) }),
    outbox: createOutboxRepo(db),
    players,
    walletRepo,
    wallet: createWalletService({ repo: walletRepo, players }),
  };
}
export type Kernel = ReturnType<typeof buildKernel>;
