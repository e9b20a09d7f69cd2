import { ACTIVITY_BOARD_CHANNEL } from '@coinfall/shared';
import { publicationsOf, type ChannelEvent } from './event-channels.fns.ts';

const ADA = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';

const event = (type: string, payload: Record<string, unknown> = { x: 1 }): ChannelEvent => ({
  id: 42,
  type,
  playerId: ADA,
  payload,
});

describe('publicationsOf', () => {
  it.each([
    ['kyc.player.updated', `kyc:player#${ADA}`],
    ['bundle.purchase.updated', `shop:purchases#${ADA}`],
    ['invoice.deposit.updated', `payment:invoices#${ADA}`],
    ['invoice.withdrawal.updated', `payment:invoices#${ADA}`],
    ['quest.updated', `retention:quests#${ADA}`],
  ])('sends %s to the player channel %s with the outbox id', (type, channel) => {
    expect(publicationsOf(event(type, { status: 2 }))).toEqual([
      { channel, data: { event: type, id: 42, data: { status: 2 } } },
    ]);
  });

  it('publishes nothing for a player event without a player', () => {
    expect(publicationsOf({ ...event('kyc.player.updated'), playerId: null })).toEqual([]);
  });

  it('leaves game.round.settled to the live boards and ignores unknown types', () => {
    expect(publicationsOf(event('game.round.settled'))).toEqual([]);
    expect(publicationsOf(event('activity-board.updated'))).toEqual([]);
    expect(publicationsOf(event('nobody.listens'))).toEqual([]);
    expect(publicationsOf(event('nobody.listens')).map((p) => p.channel)).not.toContain(
      ACTIVITY_BOARD_CHANNEL,
    );
  });

  describe('a support chat message (one outbox row, decision 074)', () => {
    const message = {
      id: 7,
      conversationId: '30000000-0000-4000-8000-000000000000',
      author: 'agent' as const,
      authorName: 'Sam',
      text: 'Hello',
      createdAt: '2026-11-29T12:00:00.000Z',
    };
    const sent = (internal: boolean) =>
      publicationsOf({
        ...event('support.message.sent', { playerId: ADA, message: { ...message, internal } }),
        playerId: ADA,
      });

    it('goes to the player’s support channel without the flag, then to the console', () => {
      expect(sent(false)).toEqual([
        {
          channel: `support:chat#${ADA}`,
          data: { event: 'support.chat.updated', id: 42, data: { type: 'message', message } },
        },
        {
          channel: 'staff:support',
          data: {
            event: 'support.console.updated',
            id: 42,
            data: { type: 'message', message: { ...message, internal: false } },
          },
        },
      ]);
    });

    it('keeps an internal note from the player', () => {
      expect(sent(true).map((p) => p.channel)).toEqual(['staff:support']);
    });

    it('publishes nothing for a payload that is not a message', () => {
      expect(publicationsOf(event('support.message.sent', { playerId: ADA }))).toEqual([]);
    });
  });

  it('splits a balance update per player, each seeing only their own accounts', () => {
    const account = (accountId: string, playerId: string, balance: number) => ({
      accountId,
      playerId,
      currency: 'SC',
      balance,
    });
    const a1 = account('10000000-0000-4000-8000-000000000001', ADA, 500);
    const b1 = account('10000000-0000-4000-8000-000000000002', BOB, 700);
    const a2 = account('10000000-0000-4000-8000-000000000003', ADA, 9);
    const transactionId = '20000000-0000-4000-8000-000000000000';
    const pubs = publicationsOf({
      ...event('wallet.balance.updated', { transactionId, accounts: [a1, b1, a2] }),
      playerId: null,
    });
    expect(pubs).toEqual([
      {
        channel: `wallet:accounts#${ADA}`,
        data: {
          event: 'wallet.balance.updated',
          id: 42,
          data: { transactionId, accounts: [a1, a2] },
        },
      },
      {
        channel: `wallet:accounts#${BOB}`,
        data: { event: 'wallet.balance.updated', id: 42, data: { transactionId, accounts: [b1] } },
      },
    ]);
  });

  it('publishes the tasks of one quest event one by one, numbered, on the player’s quest channel', () => {
    const task = (id: number, progress: number) => ({
      id,
      questId: 3,
      playerId: ADA,
      kind: 'play-rounds',
      name: { en: 'Play', es: 'Juega', 'pt-br': 'Jogue' },
      progress,
      target: 10,
      currency: null,
      isCompleted: false,
    });
    const pubs = publicationsOf(
      event('quest.tasks.updated', { playerId: ADA, tasks: [task(5, 2), task(6, 9)] }),
    );
    expect(pubs).toEqual([
      {
        channel: `retention:quests#${ADA}`,
        data: {
          event: 'quest.task.updated',
          id: 42,
          part: 0,
          data: { playerId: ADA, task: task(5, 2) },
        },
      },
      {
        channel: `retention:quests#${ADA}`,
        data: {
          event: 'quest.task.updated',
          id: 42,
          part: 1,
          data: { playerId: ADA, task: task(6, 9) },
        },
      },
    ]);
    expect(publicationsOf(event('quest.tasks.updated', { playerId: ADA, tasks: [] }))).toEqual([]);
    expect(
      publicationsOf({
        ...event('quest.tasks.updated', { playerId: ADA, tasks: [task(5, 2)] }),
        playerId: null,
      }),
    ).toEqual([]);
  });

  it('publishes nothing for a malformed balance update', () => {
    expect(publicationsOf(event('wallet.balance.updated', { accounts: 'no' }))).toEqual([]);
  });
});
