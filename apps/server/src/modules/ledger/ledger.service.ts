import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { inLockOrder, requestHash, validatePosting, type PostingInput } from './ledger.fns.ts';
import type {
  LedgerAccountRow,
  LedgerEntryRow,
  LedgerRepo,
  LedgerTransactionRow,
} from './ledger.repo.ts';

/** A booked transaction as every caller, first or retrying, sees it. */
export interface PostedTransaction {
  transactionId: string;
  idempotencyKey: string;
  kind: string;
  playerId: string | null;
  metadata: Record<string, unknown>;
  createdAt: string;
  entries: { accountId: string; currency: string; amount: number }[];
}

export interface PostingResult {
  transaction: PostedTransaction;
  /** True when the key had been booked already: nothing moved this time. */
  replayed: boolean;
}

function toPosted(row: LedgerTransactionRow, entries: LedgerEntryRow[]): PostedTransaction {
  return {
    transactionId: row.id,
    idempotencyKey: row.idempotencyKey,
    kind: row.kind,
    playerId: row.playerId,
    metadata: row.metadata,
    createdAt: row.createdAt.toISOString(),
    entries: [...entries]
      .sort((a, b) => a.id - b.id)
      .map((e) => ({
        accountId: e.accountId,
        currency: e.currency,
        amount: e.amount,
      })),
  };
}

export function createLedgerService(deps: { repo: LedgerRepo }) {
  const { repo } = deps;

  /** The first booking of this key, or a CONFLICT when the key was used for another body. */
  async function replay(tx: Database, input: PostingInput, hash: string): Promise<PostingResult> {
    const first = await repo.findTransactionByKey(tx, input.idempotencyKey);
    if (!first) throw new Error(`ledger transaction ${input.idempotencyKey} vanished`);
    if (first.requestHash !== hash) {
      throw new AppError(
        'CONFLICT',
        `Idempotency key ${input.idempotencyKey} was used for a different request`,
        { idempotencyKey: input.idempotencyKey },
      );
    }
    return { transaction: toPosted(first, await repo.listEntries(tx, first.id)), replayed: true };
  }

  /** Each entry with the account row it moves, house accounts created on first use. */
  async function resolveAccounts(tx: Database, input: PostingInput) {
    const ids = input.entries.flatMap((e) =>
      'accountId' in e.account ? [e.account.accountId] : [],
    );
    const byId = new Map((await repo.findAccounts(tx, ids)).map((a) => [a.id, a]));
    const resolved: { index: number; account: LedgerAccountRow; amount: number }[] = [];
    for (const [index, entry] of input.entries.entries()) {
      const account =
        'accountId' in entry.account
          ? byId.get(entry.account.accountId)
          : await repo.ensureHouseAccount(tx, entry.account.house, entry.currency);
      if (!account) throw AppError.invalid(`entries[${index}].account`, 'No such ledger account');
      if (account.currency !== entry.currency) {
        throw AppError.invalid(
          `entries[${index}].currency`,
          `The account holds ${account.currency}, not ${entry.currency}`,
        );
      }
      resolved.push({ index, account, amount: entry.amount });
    }
    return resolved;
  }

  return {
    /**
     * Books a balanced posting inside the caller's transaction `tx`. The same idempotency key
     * and body return the first booking unchanged (`replayed`); the same key with another body
     * is a CONFLICT; a concurrent duplicate waits for the first writer's commit. Any thrown
     * error means the caller's transaction must roll back (the caller lets it propagate).
     */
    async post(tx: Database, input: PostingInput): Promise<PostingResult> {
      const issues = validatePosting(input);
      if (issues.length > 0) {
        throw new AppError('VALIDATION_FAILED', 'The posting cannot be booked', { fields: issues });
      }
      const hash = requestHash(input);
      const row = await repo.insertTransaction(tx, {
        idempotencyKey: input.idempotencyKey,
        kind: input.kind,
        requestHash: hash,
        playerId: input.playerId ?? null,
        metadata: input.metadata ?? {},
      });
      if (!row) return replay(tx, input, hash);

      const resolved = await resolveAccounts(tx, input);
      for (const { account, amount } of inLockOrder(
        resolved.map((r) => ({ ...r, accountId: r.account.id })),
      )) {
        const balance = await repo.applyEntry(tx, account, amount);
        if (balance === undefined) {
          throw new AppError(
            'INSUFFICIENT_FUNDS',
            `Insufficient funds: the ${account.currency} account cannot pay ${-amount} minor units`,
            { accountId: account.id, currency: account.currency },
          );
        }
      }
      const entries = await repo.insertEntries(
        tx,
        resolved.map(({ account, amount }) => ({
          transactionId: row.id,
          accountId: account.id,
          currency: account.currency,
          amount,
        })),
      );
      return { transaction: toPosted(row, entries), replayed: false };
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
