import type { Broker, Publication, StreamPosition } from './broker.ts';
import { createChannelSubscription, type Hub } from './hub.ts';
import {
  DISCONNECT,
  MAX_CHANNELS_PER_CONNECTION,
  REPLY_ERROR,
  decideChannel,
  encodePublication,
  isStreamRecovered,
  type ConnectionScope,
  type Disconnect,
  type ProtocolError,
} from './protocol.fns.ts';

/** What the channel commands need of their connection. */
export interface ChannelCommandContext {
  hub: Hub;
  broker: Pick<Broker, 'history'>;
  playerId(): string | null;
  /** What the connection's token reaches (a player's session, a support pass, staff). */
  scope(): ConnectionScope;
  isClosed(): boolean;
  send(message: string): void;
  disconnect(disconnect: Disconnect): void;
}

type Answer = { result: object } | { error: ProtocolError };

/** The subscribe flag that asks for error 112 instead of an unrecovered subscription. */
const REJECT_UNRECOVERED = 2;

const wirePublication = (p: Publication) => ({ data: p.data, offset: p.offset });

/** A client's subscriptions: channel → the handle that leaves the hub. */
export function createChannelCommands(context: ChannelCommandContext) {
  const subscriptions = new Map<string, { leave(): void }>();

  /**
   * Reads the stream position (and, when the client recovers, what it missed) while the
   * subscription buffers live publications; the reply is written before the buffer.
   */
  async function subscribe(body: Record<string, unknown>, reply: (answer: Answer) => void) {
    const { channel } = body;
    if (typeof channel !== 'string') return reply({ error: REPLY_ERROR.badRequest });
    const decision = decideChannel(channel, context.playerId(), context.scope());
    if (!decision.allowed) return reply({ error: decision.error });
    if (subscriptions.has(channel)) return reply({ error: REPLY_ERROR.alreadySubscribed });
    if (subscriptions.size >= MAX_CHANNELS_PER_CONNECTION) {
      return reply({ error: REPLY_ERROR.limitExceeded });
    }
    // Only personal and staff channels are recoverable: boards are republished whole anyway.
    const recoverable = decision.kind !== 'public';
    const subscription = createChannelSubscription({
      channel,
      recoverable,
      write: (publication) => context.send(encodePublication(channel, publication)),
      onGap: () => context.disconnect(DISCONNECT.insufficientState),
    });
    const leave = () => {
      context.hub.remove(channel, subscription);
      if (subscriptions.get(channel) === handle) subscriptions.delete(channel);
    };
    const handle = { leave };
    subscriptions.set(channel, handle);
    context.hub.add(channel, subscription);
    try {
      const answer = await position(channel, recoverable, body);
      if (context.isClosed() || subscriptions.get(channel) !== handle) return;
      if ('error' in answer) {
        leave();
        return reply({ error: answer.error });
      }
      reply({ result: answer.result });
      subscription.goLive(answer.epoch, answer.lastOffset);
    } catch (err) {
      leave();
      throw err;
    }
  }

  async function position(
    channel: string,
    recoverable: boolean,
    body: Record<string, unknown>,
  ): Promise<{ result: object; epoch: string; lastOffset: number } | { error: ProtocolError }> {
    if (!recoverable) {
      const top = await context.broker.history(channel, { limit: 0 });
      return { result: {}, epoch: top.epoch, lastOffset: top.offset };
    }
    if (body.recover !== true) {
      const top = await context.broker.history(channel, { limit: 0 });
      const result = { recoverable: true, positioned: true, epoch: top.epoch, offset: top.offset };
      return { result, epoch: top.epoch, lastOffset: top.offset };
    }
    const client: StreamPosition = {
      epoch: typeof body.epoch === 'string' ? body.epoch : '',
      offset: typeof body.offset === 'number' ? body.offset : 0,
    };
    const missed = await context.broker.history(channel, { since: client, limit: -1 });
    const base = { recoverable: true, positioned: true, epoch: missed.epoch, was_recovering: true };
    if (isStreamRecovered(client, missed, missed.publications)) {
      const result = {
        ...base,
        // The client's own offset: it advances it while applying the publications.
        offset: client.offset,
        publications: missed.publications.map(wirePublication),
        recovered: true,
      };
      return { result, epoch: missed.epoch, lastOffset: missed.offset };
    }
    const flag = typeof body.flag === 'number' ? body.flag : 0;
    if (flag & REJECT_UNRECOVERED) return { error: REPLY_ERROR.unrecoverablePosition };
    const result = { ...base, offset: missed.offset, recovered: false };
    return { result, epoch: missed.epoch, lastOffset: missed.offset };
  }

  function unsubscribe(body: Record<string, unknown>): Answer {
    if (typeof body.channel !== 'string') return { error: REPLY_ERROR.badRequest };
    subscriptions.get(body.channel)?.leave();
    return { result: {} };
  }

  /**
   * `history` on a personal channel, as the reference server answers it: limit 0 = position
   * only, -1 = all kept, n = up to n; oldest first from the start of the stream (or after
   * `since`), newest first with `reverse` (from the top, or before `since`).
   */
  async function history(body: Record<string, unknown>): Promise<Answer> {
    const { channel } = body;
    if (typeof channel !== 'string') return { error: REPLY_ERROR.badRequest };
    const decision = decideChannel(channel, context.playerId(), context.scope());
    if (!decision.allowed) return { error: decision.error };
    if (decision.kind !== 'player') return { error: REPLY_ERROR.notAvailable };
    const limit = typeof body.limit === 'number' && Number.isInteger(body.limit) ? body.limit : 0;
    const reverse = body.reverse === true;
    const since = body.since as { offset?: unknown; epoch?: unknown } | undefined;
    const position =
      since && typeof since.offset === 'number'
        ? { offset: since.offset, epoch: typeof since.epoch === 'string' ? since.epoch : '' }
        : undefined;
    // The broker keeps at most a hundred per channel: read them all, then pick.
    const found = await context.broker.history(channel, { limit: limit === 0 ? 0 : -1 });
    if (position?.epoch && position.epoch !== found.epoch) {
      return { error: REPLY_ERROR.unrecoverablePosition };
    }
    let picked = found.publications.slice().sort((a, b) => a.offset - b.offset);
    if (position) {
      picked = picked.filter((p) =>
        reverse ? p.offset < position.offset : p.offset > position.offset,
      );
    }
    if (reverse) picked.reverse();
    if (limit > 0) picked = picked.slice(0, limit);
    const result = {
      epoch: found.epoch,
      offset: found.offset,
      publications: picked.map(wirePublication),
    };
    return { result };
  }

  return {
    subscribe,
    unsubscribe,
    history,
    leaveAll() {
      for (const handle of [...subscriptions.values()]) handle.leave();
    },
  };
}
