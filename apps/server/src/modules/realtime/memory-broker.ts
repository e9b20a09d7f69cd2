import { randomBytes } from 'node:crypto';
import type {
  Broker,
  BrokerDelivery,
  HistoryOptions,
  HistoryResult,
  Publication,
  StreamPosition,
} from './broker.ts';

export interface HistoryPolicy {
  /** Publications kept per channel for recovery. */
  size: number;
  /** How long a publication stays recoverable. */
  ttlMs: number;
}

interface Stream {
  epoch: string;
  offset: number;
  history: { publication: Publication; at: number }[];
}

const newEpoch = () => randomBytes(6).toString('hex');

/**
 * One node: streams live in this process, so a restart starts every channel on a new epoch
 * (clients that recover from the old one are told to reload instead of missing events).
 * Listeners are called synchronously inside publish, in offset order.
 */
export function createMemoryBroker(options: { policy: HistoryPolicy; now?: () => number }): Broker {
  const now = options.now ?? Date.now;
  const streams = new Map<string, Stream>();
  const listeners = new Set<(delivery: BrokerDelivery) => void>();

  function stream(channel: string): Stream {
    let s = streams.get(channel);
    if (!s) {
      s = { epoch: newEpoch(), offset: 0, history: [] };
      streams.set(channel, s);
    }
    // Expired publications go first; the position (epoch, offset) stays.
    const oldest = now() - options.policy.ttlMs;
    while (s.history.length > 0 && s.history[0]!.at < oldest) s.history.shift();
    return s;
  }

  return {
    async publish(channel, data) {
      const s = stream(channel);
      s.offset += 1;
      const publication: Publication = { offset: s.offset, data };
      s.history.push({ publication, at: now() });
      if (s.history.length > options.policy.size) s.history.shift();
      const position: StreamPosition = { epoch: s.epoch, offset: s.offset };
      for (const listener of listeners) listener({ channel, epoch: s.epoch, publication });
      return position;
    },

    async history(channel, { since, limit }: HistoryOptions): Promise<HistoryResult> {
      const s = stream(channel);
      const kept = s.history.map((h) => h.publication);
      let publications: Publication[];
      if (limit === 0) publications = [];
      else if (since) {
        const after = kept.filter((p) => p.offset > since.offset);
        publications = limit < 0 ? after : after.slice(0, limit);
      } else {
        const newestFirst = kept.slice().reverse();
        publications = limit < 0 ? newestFirst : newestFirst.slice(0, limit);
      }
      return { epoch: s.epoch, offset: s.offset, publications };
    },

    onPublication(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close() {
      listeners.clear();
      streams.clear();
    },
  };
}
