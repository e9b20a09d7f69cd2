import {
  SUPPORT_PLAYER_EVENT,
  SUPPORT_STAFF_CHANNEL,
  SUPPORT_STAFF_EVENT,
  playerChannel,
  questTasksUpdatedEventSchema,
  supportMessageSentEventSchema,
  supportPlayerChannel,
  walletBalanceUpdatedEventSchema,
  type DomainEventType,
  type PlayerChannelKind,
  type RealtimeMessage,
  type WalletBalanceUpdatedEvent,
} from '@coinfall/shared';

/** What the dispatcher knows of an outbox row (domain_events). */
export interface ChannelEvent {
  id: number;
  type: string;
  playerId: string | null;
  payload: Record<string, unknown>;
}

export interface ChannelPublication {
  channel: string;
  data: RealtimeMessage;
}

/** Events that go, as they are, to one channel of the player they concern. */
const PLAYER_EVENT_CHANNELS: Partial<Record<DomainEventType, PlayerChannelKind>> = {
  'kyc.player.updated': 'kyc',
  'bundle.purchase.updated': 'purchases',
  'invoice.deposit.updated': 'invoices',
  'invoice.withdrawal.updated': 'invoices',
  'quest.updated': 'quests',
  'bonus.player-bonus.updated': 'bonuses',
  'bonus.player-freespin.updated': 'freespins',
  'bonus.player-bonus-code.updated': 'bonusCodes',
  'retention.account.updated': 'loyalty',
};

/**
 * The publications of one domain event, in the order to publish them. game.round.settled is not
 * here (the live boards module turns it into board updates); unknown types publish nothing, so
 * a writer may add an event before any subscriber exists.
 */
export function publicationsOf(event: ChannelEvent): ChannelPublication[] {
  if (event.type === 'wallet.balance.updated') return walletPublications(event);
  if (event.type === 'quest.tasks.updated') return taskPublications(event);
  if (event.type === 'support.message.sent') return supportMessagePublications(event);
  const support = supportPublication(event);
  if (support) return [support];
  const kind = PLAYER_EVENT_CHANNELS[event.type as DomainEventType];
  if (!kind || !event.playerId) return [];
  return [
    {
      channel: playerChannel(kind, event.playerId),
      data: { event: event.type as DomainEventType, id: event.id, data: event.payload },
    },
  ];
}

/**
 * One ledger posting may move several players' accounts (a transfer): each player hears only of
 * their own accounts, on their own wallet channel, in the order the accounts first appear.
 */
function walletPublications(event: ChannelEvent): ChannelPublication[] {
  const parsed = walletBalanceUpdatedEventSchema.safeParse(event.payload);
  if (!parsed.success) return [];
  const byPlayer = new Map<string, WalletBalanceUpdatedEvent['accounts']>();
  for (const account of parsed.data.accounts) {
    const accounts = byPlayer.get(account.playerId) ?? [];
    accounts.push(account);
    byPlayer.set(account.playerId, accounts);
  }
  return [...byPlayer].map(([playerId, accounts]) => ({
    channel: playerChannel('wallet', playerId),
    data: {
      event: 'wallet.balance.updated',
      id: event.id,
      data: { transactionId: parsed.data.transactionId, accounts },
    },
  }));
}

/**
 * The quest engine writes the tasks one read moved as one event per player (decision 073); the
 * site hears of each task as the spec's `quest.task.updated`, numbered by `part` so the client's
 * at-least-once filter tells them apart.
 */
function taskPublications(event: ChannelEvent): ChannelPublication[] {
  const parsed = questTasksUpdatedEventSchema.safeParse(event.payload);
  if (!parsed.success || !event.playerId) return [];
  const { playerId, tasks } = parsed.data;
  const channel = playerChannel('quests', event.playerId);
  return tasks.map((task, part) => ({
    channel,
    data: { event: 'quest.task.updated', id: event.id, part, data: { playerId, task } },
  }));
}

/**
 * Support chat (decision 040): the player's publications go to `support:chat#<playerId>`, the
 * console's to the one staff channel; the payload is the publication itself.
 */
function supportPublication(event: ChannelEvent): ChannelPublication | null {
  const data: RealtimeMessage = {
    event: event.type as DomainEventType,
    id: event.id,
    data: event.payload,
  };
  if (event.type === 'support.chat.updated') {
    return event.playerId ? { channel: supportPlayerChannel(event.playerId), data } : null;
  }
  if (event.type === 'support.console.updated') return { channel: SUPPORT_STAFF_CHANNEL, data };
  return null;
}

/**
 * A chat message is one outbox row (decision 074): the player hears it on their support channel
 * unless it is an internal note (and never sees the flag), then the console on the staff channel,
 * each as the `message` publication it reads.
 */
function supportMessagePublications(event: ChannelEvent): ChannelPublication[] {
  const parsed = supportMessageSentEventSchema.safeParse(event.payload);
  if (!parsed.success) return [];
  const { playerId, message } = parsed.data;
  const toStaff: ChannelPublication = {
    channel: SUPPORT_STAFF_CHANNEL,
    data: { event: SUPPORT_STAFF_EVENT, id: event.id, data: { type: 'message', message } },
  };
  if (message.internal) return [toStaff];
  const { internal: _, ...forPlayer } = message;
  return [
    {
      channel: supportPlayerChannel(playerId),
      data: {
        event: SUPPORT_PLAYER_EVENT,
        id: event.id,
        data: { type: 'message', message: forPlayer },
      },
    },
    toStaff,
  ];
}
