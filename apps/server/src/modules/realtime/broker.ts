/**
 * The broker is what every node's gateway shares: per channel, a stream of publications with
 * offsets (1, 2, 3… no gaps) and an epoch naming the stream's incarnation, a bounded history for
 * recovery, and fan-out of each publication to every node (design/realtime-protocol.md §1.11).
 * In-process by default; Redis when REDIS_URL is set, so a client on node B gets what node A
 * published. Writers (the outbox dispatcher, the winners board) only call `publish`.
 */
export interface StreamPosition {
  epoch: string;
  /** Offset of the newest publication; 0 when the channel never had one. */
  offset: number;
}

export interface Publication {
  offset: number;
  /** Raw JSON value, sent as is in the protocol's `pub.data`. */
  data: unknown;
}

export interface HistoryOptions {
  /** Publications with offset > since.offset, oldest first (recovery); absent = newest first. */
  since?: StreamPosition;
  /** How many at most; 0 = position only. */
  limit: number;
}

export interface HistoryResult extends StreamPosition {
  publications: Publication[];
}

/** A publication as every node receives it, in offset order per channel. */
export interface BrokerDelivery {
  channel: string;
  epoch: string;
  publication: Publication;
}

export interface Broker {
  /** Appends to the channel's stream (history when the channel keeps it) and fans out. */
  publish(channel: string, data: unknown): Promise<StreamPosition>;
  /**
   * `publish` of many, in order, in one exchange (the outbox's reads, decision 044): answers how
   * many, from the first, were published; fewer than all comes with the error of the next one.
   * Absent: the caller publishes one after the other.
   */
  publishMany?(
    items: { channel: string; data: unknown }[],
  ): Promise<{ published: number; error?: unknown }>;
  history(channel: string, options: HistoryOptions): Promise<HistoryResult>;
  /** Every publication of every channel, on this node; returns the unsubscribe function. */
  onPublication(listener: (delivery: BrokerDelivery) => void): () => void;
  close(): Promise<void>;
}
