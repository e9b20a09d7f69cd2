/** The parent ↔ server-process protocol of the realtime benchmark. */
export type BenchCommand =
  | { kind: 'rss' }
  | { kind: 'burst'; messages: number }
  | { kind: 'steady'; perSecond: number; seconds: number }
  | { kind: 'close' };

export type BenchReply =
  { kind: 'ready'; port: number } | { kind: 'rss'; bytes: number } | { kind: 'done' };

/** What every published message carries: when it left the server, in ms since the epoch. */
export interface BenchPayload {
  seq: number;
  sentAt: number;
  /** A realistic activity-board row, so frames are the size real ones are. */
  bet: { gameName: string; nickname: string; currency: string; payout: number };
}

const nowMs = () => performance.timeOrigin + performance.now();

function payload(seq: number): BenchPayload {
  return {
    seq,
    sentAt: nowMs(),
    bet: {
      gameName: 'Frosty Fortunes',
      nickname: 'lucky_reindeer',
      currency: 'SC',
      payout: 12_500,
    },
  };
}

/** Runs in the server process: answers the parent's commands over IPC. */
export function serveBenchCommands(server: {
  port: number;
  publish: (data: BenchPayload) => void;
  close: () => Promise<unknown>;
}): void {
  const send = (reply: BenchReply) => process.send?.(reply);
  process.on('message', (command: BenchCommand) => {
    void (async () => {
      switch (command.kind) {
        case 'rss':
          // Settle the heap first, so the figure is what the connections hold.
          for (let i = 0; i < 3; i += 1) globalThis.gc?.();
          send({ kind: 'rss', bytes: process.memoryUsage().rss });
          return;
        case 'burst':
          for (let seq = 1; seq <= command.messages; seq += 1) server.publish(payload(seq));
          send({ kind: 'done' });
          return;
        case 'steady': {
          const total = Math.round(command.perSecond * command.seconds);
          const started = performance.now();
          for (let seq = 1; seq <= total; seq += 1) {
            // On schedule, not back to back: latency is measured at a given load.
            const due = started + (seq * 1000) / command.perSecond;
            const wait = due - performance.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
            server.publish(payload(seq));
          }
          send({ kind: 'done' });
          return;
        }
        case 'close':
          await server.close();
          process.exit(0);
      }
    })();
  });
  send({ kind: 'ready', port: server.port });
}
