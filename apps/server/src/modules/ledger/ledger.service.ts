import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { inLockOrder, requestHash, validatePosting, type PostingInput } from './ledger.fns.ts';
import type { HousePurpose } from '../../db/schema/index.ts';
import type { BookedEntry, LedgerRepo, LedgerTransactionRow } from './ledger.repo.ts';

/** One entry as booked: the account it moves, resolved from its reference. */
interface Move {
  accountId: string;
  currency: string;
  amount: number;
}

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

function toPosted(row: LedgerTransactionRow, entries: BookedEntry[]): PostedTransaction {
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

  /** The account each entry moves, in entry order; house accounts are created on first use. */
  async function resolveMoves(tx: Database, input: PostingInput): Promise<Move[]> {
    const moves: Move[] = [];
    for (const entry of input.entries) {
      const accountId =
        'accountId' in entry.account
          ? entry.account.accountId
          : (await repo.ensureHouseAccount(tx, entry.account.house, entry.currency)).id;
      moves.push({ accountId, currency: entry.currency, amount: entry.amount });
    }
    return moves;
  }

  /**
   * Why `postTransaction` left some accounts unmoved: the first entry (in entry order) whose
   * account is missing or in another currency, else the first account short of funds (in lock
   * order).
   */
  async function refusal(tx: Database, moves: Move[], moved: Set<string>): Promise<AppError> {
    const unmoved = moves.filter((m) => !moved.has(m.accountId));
    const found = await repo.findAccounts(
      tx,
      unmoved.map((m) => m.accountId),
    );
    const byId = new Map(found.map((a) => [a.id, a]));
    for (const [index, move] of moves.entries()) {
      if (moved.has(move.accountId)) continue;
      const account = byId.get(move.accountId);
      if (!account) return AppError.invalid(`entries[${index}].account`, 'No such ledger account');
      if (account.currency !== move.currency) {
        return AppError.invalid(
          `entries[${index}].currency`,
          `The account holds ${account.currency}, not ${move.currency}`,
        );
      }
    }
    const [short] = inLockOrder(unmoved);
    if (!short) throw new Error('postTransaction moved every account yet booked nothing');
    return new AppError(
      'INSUFFICIENT_FUNDS',
      `Insufficient funds: the ${short.currency} account cannot pay ${-short.amount} minor units`,
      { accountId: short.accountId, currency: short.currency },
    );
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
      const moves = await resolveMoves(tx, input);
      const { row, moved, entries } = await repo.postTransaction(
        tx,
        {
          idempotencyKey: input.idempotencyKey,
          kind: input.kind,
          requestHash: hash,
          playerId: input.playerId ?? null,
          metadata: input.metadata ?? {},
        },
        moves,
      );
      if (!row) return replay(tx, input, hash);
      if (!entries) throw await refusal(tx, moves, moved);
      return { transaction: toPosted(row, entries), replayed: false };
    },

    /**
     * Books new postings (fresh keys) inside `tx` in one statement (decision 072), for a batch
     * whose caller checked, holding the players' rows, that each posting in order leaves every
     * balance ≥ 0. Answers the transaction ids in the postings' order, and the balance after the
     * batch of each player or bonus account it moved. Anything refused (a key
     * taken, an account missing, in another currency or short) throws: the batch rolls back and
     * its requests are written again alone, through `post` and its precise refusals.
     */
    async postMany(
      tx: Database,
      inputs: PostingInput[],
    ): Promise<{ transactionIds: string[]; balances: Map<string, number> }> {
      const posts = [];
      for (const input of inputs) {
        const issues = validatePosting(input);
        if (issues.length > 0) {
          throw new AppError('VALIDATION_FAILED', 'The posting cannot be booked', {
            fields: issues,
          });
        }
        posts.push({
          idempotencyKey: input.idempotencyKey,
          kind: input.kind,
          requestHash: requestHash(input),
          playerId: input.playerId ?? null,
          metadata: input.metadata ?? {},
          moves: await resolveMoves(tx, input),
        });
      }
      const booked = await repo.postMany(tx, posts);
      if (!booked) throw new Error('a batch of postings was refused: the batch rolls back');
      const transactionIds = inputs.map((input) => {
        const id = booked.ids.get(input.idempotencyKey);
        if (!id) throw new Error(`posting ${input.idempotencyKey} was not booked`);
        return id;
      });
      return { transactionIds, balances: booked.balances };
    },

    /**
     * The house account of a purpose and currency (created on first use), for callers that keep
     * its id across postings, like the game server's bankroll per currency.
     */
    houseAccount(tx: Database, purpose: HousePurpose, currency: string): Promise<{ id: string }> {
      return repo.ensureHouseAccount(tx, purpose, currency);
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
