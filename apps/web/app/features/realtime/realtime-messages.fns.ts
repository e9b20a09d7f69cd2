import { InvoiceStatus, InvoiceType } from '@coinfall/shared/constants';
import type { DomainEventPayloads } from '@coinfall/shared/contracts/events';
import type { Invoice } from '@coinfall/shared/contracts/payment';
import type { RealtimeEvent, RealtimeMessage } from '@coinfall/shared/contracts/realtime';
import type { WalletAccount } from '@coinfall/shared/contracts/wallet';

/**
 * Pure rules of the realtime pushes: what a publication is, whether it was seen already
 * (delivery is at least once), and what a player's push changes on screen.
 */

/** A publication's data has our envelope: `{ event, id?, data }` (decision 013). */
export function isRealtimeMessage(value: unknown): value is RealtimeMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<RealtimeMessage>;
  return (
    typeof message.event === 'string' &&
    (message.id === undefined || typeof message.id === 'number') &&
    (message.part === undefined || typeof message.part === 'number') &&
    'data' in message
  );
}

/**
 * Remembers the outbox ids seen per channel, with the part of the event each message is (the
 * newest `limit` of them), and answers whether a message is new. Messages without an id (whole
 * winners boards) are always new: replacing a board twice is harmless.
 */
export function createMessageDedupe(
  limit = 500,
): (channel: string, message: RealtimeMessage) => boolean {
  const seen = new Set<string>();
  return (channel, message) => {
    if (message.id === undefined) return true;
    const key = `${channel}|${message.id}|${message.part ?? 0}`;
    if (seen.has(key)) return false;
    seen.add(key);
    if (seen.size > limit) {
      const oldest = seen.values().next().value;
      if (oldest !== undefined) seen.delete(oldest);
    }
    return true;
  };
}

/**
 * The player id of an access token (its `sub` claim), read without a JWT library; undefined when
 * unreadable. Only names the channels to subscribe: the gateway verifies the token itself.
 */
export function playerIdOfToken(token: string | undefined): string | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      sub?: unknown;
    };
    return typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

export type QueryKeyPrefix = readonly string[];

/** The alerts a push may raise (spec §8). */
export type PushAlert =
  | {
      key: 'depositSuccess' | 'depositError' | 'withdrawError' | 'purchaseSuccess';
      invoice: Invoice;
    }
  | { key: 'kycVerified' };

/** What one player push changes: new balances to write, queries to read again, an alert. */
export interface PushEffect {
  balances: ReadonlyArray<{ accountId: string; balance: number }>;
  invalidate: readonly QueryKeyPrefix[];
  alert?: PushAlert;
}

const NOTHING: PushEffect = { balances: [], invalidate: [] };

/** Query keys of the site's caches (wallet/api, history/api, shop/api, profile/api). */
export const PUSH_QUERY_KEYS = {
  walletOthers: ['wallet', 'redeemable'],
  walletLimits: ['wallet', 'redeem-limits'],
  accounts: ['wallet', 'accounts'],
  invoices: ['payment', 'invoices'],
  invoice: ['payment', 'invoice'],
  purchases: ['shop', 'purchases'],
  profile: ['player', 'profile'],
  kyc: ['player', 'kyc'],
  /** A staff decision on a document changes the documents list and its state too. */
  documents: ['player', 'documents'],
} as const satisfies Record<string, QueryKeyPrefix>;

function payload<E extends keyof DomainEventPayloads>(
  message: RealtimeMessage,
  event: E,
): DomainEventPayloads[E] | undefined {
  return message.event === event && typeof message.data === 'object' && message.data !== null
    ? (message.data as DomainEventPayloads[E])
    : undefined;
}

function invoiceAlert(event: RealtimeEvent, invoice: Invoice): PushAlert | undefined {
  // A bundle paid: the checkout says so in the moment, the bell keeps it. A declined purchase
  // is told by the checkout alone (nothing was bought, nothing to come back to).
  if (
    event === 'invoice.deposit.updated' &&
    invoice.type === InvoiceType.Purchase &&
    invoice.status === InvoiceStatus.Success
  )
    return { key: 'purchaseSuccess', invoice };
  if (event === 'invoice.deposit.updated' && invoice.type === InvoiceType.Deposit) {
    if (invoice.status === InvoiceStatus.Success) return { key: 'depositSuccess', invoice };
    if (invoice.status === InvoiceStatus.Rejected) return { key: 'depositError', invoice };
  }
  if (event === 'invoice.withdrawal.updated' && invoice.status === InvoiceStatus.Rejected)
    return { key: 'withdrawError', invoice };
  return undefined;
}

/**
 * What a push on one of `playerId`'s channels changes. Pushes are "refresh this" (at least once,
 * maybe late), except balances, which carry the new value and are written as they come.
 */
export function playerPushEffect(message: RealtimeMessage, playerId: string): PushEffect {
  switch (message.event) {
    case 'wallet.balance.updated': {
      const data = payload(message, 'wallet.balance.updated');
      const balances = (data?.accounts ?? [])
        .filter((account) => account.playerId === playerId)
        .map(({ accountId, balance }) => ({ accountId, balance }));
      // The balances show at once; the list is read again for what a push does not carry
      // (the equivalents, an account opened by this posting).
      return {
        balances,
        invalidate: [
          PUSH_QUERY_KEYS.accounts,
          PUSH_QUERY_KEYS.walletOthers,
          PUSH_QUERY_KEYS.walletLimits,
        ],
      };
    }
    case 'invoice.deposit.updated':
    case 'invoice.withdrawal.updated': {
      const invoice = payload(message, message.event)?.invoice;
      return {
        balances: [],
        invalidate: [
          PUSH_QUERY_KEYS.invoices,
          PUSH_QUERY_KEYS.invoice,
          PUSH_QUERY_KEYS.walletOthers,
          PUSH_QUERY_KEYS.walletLimits,
        ],
        alert: invoice ? invoiceAlert(message.event, invoice) : undefined,
      };
    }
    case 'bundle.purchase.updated':
      return { balances: [], invalidate: [PUSH_QUERY_KEYS.purchases] };
    case 'kyc.player.updated': {
      const data = payload(message, 'kyc.player.updated');
      return {
        balances: [],
        invalidate: [PUSH_QUERY_KEYS.profile, PUSH_QUERY_KEYS.kyc, PUSH_QUERY_KEYS.documents],
        alert: data?.kycVerified ? { key: 'kycVerified' } : undefined,
      };
    }
    // Boards are not player channels. Bonus, quest and loyalty pushes go to bonus-pushes.ts and
    // retention-pushes.ts: only the logged-in push handler loads them (home JS).
    case 'quest.task.updated':
    case 'quest.tasks.updated': // published as quest.task.updated, one per task (decision 073)
    case 'quest.updated':
    case 'activity-board.updated':
    case 'game.round.settled':
    case 'winners.updated':
    case 'bonus.player-bonus.updated':
    case 'bonus.player-freespin.updated':
    case 'bonus.player-bonus-code.updated':
    case 'retention.account.updated':
    case 'player.signed-in':
    case 'player.verified':
    case 'player.profile.completed':
    case 'support.chat.updated': // the support chat reads its own channel (features/support)
    case 'support.console.updated':
    case 'support.message.sent': // published as the two above (decision 074)
    case 'appsflyer.event.accepted': // never pushed (decision 048)
      return NOTHING;
  }
}

/** The accounts list with pushed balances written in; the same list when nothing changed. */
export function withBalances(
  accounts: readonly WalletAccount[],
  balances: PushEffect['balances'],
): readonly WalletAccount[] {
  let changed = false;
  const next = accounts.map((account) => {
    const pushed = balances.find((b) => b.accountId === account.id);
    if (!pushed || pushed.balance === account.balance) return account;
    changed = true;
    return { ...account, balance: pushed.balance };
  });
  return changed ? next : accounts;
}
