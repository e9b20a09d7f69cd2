import { createHash } from 'node:crypto';
import type { FieldIssue } from '@coinfall/shared';
import { HOUSE_PURPOSES, type HousePurpose } from '../../db/schema/ledger.ts';
import { canonicalJson } from '../../platform/canonical-json.ts';

/** A player account by id, or the house account of a purpose in the entry's currency. */
export type AccountRef = { accountId: string } | { house: HousePurpose };

export interface PostingEntry {
  account: AccountRef;
  currency: string;
  /** Signed minor units: + credits the account, − debits it. */
  amount: number;
}

export interface PostingInput {
  idempotencyKey: string;
  /** What moved the money, e.g. `bet`, `win`, `purchase`, `promotion`. */
  kind: string;
  playerId?: string | null;
  entries: PostingEntry[];
  metadata?: Record<string, unknown>;
}

const CURRENCY = /^[A-Z][A-Z0-9]{1,9}$/;
const KIND = /^[a-z][a-z0-9_.-]{0,63}$/;
const MAX_KEY_LENGTH = 200;

/** One string per account an entry names: an account may appear once in a posting. */
export function accountKey(entry: PostingEntry): string {
  return 'accountId' in entry.account
    ? entry.account.accountId
    : `house:${entry.account.house}:${entry.currency}`;
}

/**
 * Every reason the posting cannot be booked (empty when it can): at least two entries, non-zero
 * integer minor units, each account once, and the amounts of each currency summing to zero.
 */
export function validatePosting(input: PostingInput): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const issue = (field: string, message: string) => issues.push({ field, message });

  if (input.idempotencyKey.length === 0 || input.idempotencyKey.length > MAX_KEY_LENGTH) {
    issue('idempotencyKey', `Between 1 and ${MAX_KEY_LENGTH} characters`);
  }
  if (!KIND.test(input.kind)) issue('kind', 'A lower-case word such as "bet"');
  if (input.entries.length < 2) issue('entries', 'A posting needs at least two entries');

  const seen = new Set<string>();
  // BigInt: many safe integers can add up to an unsafe one.
  const sums = new Map<string, bigint>();
  input.entries.forEach((entry, i) => {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
      issue(`entries[${i}].amount`, 'A non-zero integer count of minor units');
    }
    if (!CURRENCY.test(entry.currency)) {
      issue(`entries[${i}].currency`, 'An upper-case currency code');
    }
    if ('house' in entry.account && !HOUSE_PURPOSES.includes(entry.account.house)) {
      issue(`entries[${i}].account`, `Not a house purpose: ${String(entry.account.house)}`);
    }
    const key = accountKey(entry);
    if (seen.has(key)) issue(`entries[${i}].account`, 'The account appears twice');
    seen.add(key);
    if (Number.isSafeInteger(entry.amount)) {
      sums.set(entry.currency, (sums.get(entry.currency) ?? 0n) + BigInt(entry.amount));
    }
  });
  for (const [currency, sum] of sums) {
    if (sum !== 0n) issue('entries', `The ${currency} entries sum to ${sum}, not 0`);
  }
  return issues;
}

/**
 * Fingerprint of what was asked: a retry with the same key must ask for the same thing. Entry
 * order counts (it is part of the body); key order inside objects does not.
 */
export function requestHash(input: PostingInput): string {
  const body = {
    kind: input.kind,
    playerId: input.playerId ?? null,
    entries: input.entries,
    metadata: input.metadata ?? {},
  };
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** Rows are locked in id order by every posting, so two postings never wait on each other. */
export function inLockOrder<T extends { accountId: string }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) =>
    a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0,
  );
}
