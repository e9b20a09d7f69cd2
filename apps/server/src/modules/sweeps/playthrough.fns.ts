/**
 * Playthrough of Sweeps Coins credits (docs/decisions/012). Every SC credit must be wagered 1x
 * before it counts as redeemable. The rules, all pure:
 *
 * - A wager pays off open credits oldest first (createdAt, then id); a credit whose wagered
 *   reaches its amount is completed.
 * - Play still owed = Σ (amount − wagered) over open credits; redeemable = max(0, balance − owed).
 * - When the SC balance is 0 after a movement, every open credit is forfeited (completed with
 *   what it was wagered): nothing is left for it to lock, and it must never lock later winnings.
 */

export interface CreditProgress {
  id: string;
  amount: number;
  wagered: number;
  createdAt: Date;
  completedAt: Date | null;
}

export interface CreditChange {
  id: string;
  wagered: number;
  completedAt: Date | null;
}

const byAge = (a: CreditProgress, b: CreditProgress) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Open credits, oldest first: the order wagers pay them off in. */
export function openCreditsInOrder<T extends CreditProgress>(credits: readonly T[]): T[] {
  return credits.filter((c) => c.completedAt === null).sort(byAge);
}

/** Play a credit still owes: nothing once it is completed (played through or forfeited). */
export function remainingOf(credit: CreditProgress): number {
  return credit.completedAt === null ? credit.amount - credit.wagered : 0;
}

/** Σ remaining over the credits. */
export function playOwed(credits: readonly CreditProgress[]): number {
  return credits.reduce((sum, c) => sum + remainingOf(c), 0);
}

/** What of `balance` may be redeemed now, and what the open credits still lock. */
export function redeemableOf(
  balance: number,
  credits: readonly CreditProgress[],
): { redeemable: number; locked: number } {
  const redeemable = Math.max(0, balance - playOwed(credits));
  return { redeemable, locked: balance - redeemable };
}

/**
 * The credit rows a wager of `amount` changes, given the SC balance after the bet's debit.
 * Unchanged credits are left out. `amount` must be a non-negative integer.
 */
export function applyWager(
  credits: readonly CreditProgress[],
  amount: number,
  balanceAfter: number,
  at: Date,
): CreditChange[] {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new Error(`a wager is a non-negative integer, not ${amount}`);
  }
  const changes: CreditChange[] = [];
  let left = amount;
  for (const credit of openCreditsInOrder(credits)) {
    const paid = Math.min(left, credit.amount - credit.wagered);
    left -= paid;
    const wagered = credit.wagered + paid;
    const done = wagered === credit.amount || balanceAfter === 0;
    if (paid > 0 || done) changes.push({ id: credit.id, wagered, completedAt: done ? at : null });
  }
  return changes;
}

/** The open credits forfeited because the balance is 0 (none when it is not). */
export function forfeitAtZero(
  credits: readonly CreditProgress[],
  balance: number,
  at: Date,
): CreditChange[] {
  if (balance !== 0) return [];
  return openCreditsInOrder(credits).map((c) => ({
    id: c.id,
    wagered: c.wagered,
    completedAt: at,
  }));
}

/** Credits with the changes applied (what the repo will hold after writing them). */
export function withChanges<T extends CreditProgress>(
  credits: readonly T[],
  changes: readonly CreditChange[],
): T[] {
  const byId = new Map(changes.map((c) => [c.id, c]));
  return credits.map((c) => {
    const change = byId.get(c.id);
    return change ? { ...c, wagered: change.wagered, completedAt: change.completedAt } : c;
  });
}
