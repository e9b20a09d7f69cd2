/** How long stop() waits for the run in flight. */
export const STOP_GRACE_MS = 3_000;

/**
 * The loop our senders to outside services share (AppsFlyer, Amplitude; decisions 048, 054):
 * one run at a time per node; within a run, a round that took a full batch is followed at once
 * by another; a call during a run makes the run look once more when it ends; while started, a
 * poll every `pollMs` (the timer does not keep the process alive).
 */
export function createPolledSender(options: {
  /** Sends what one round claims; answers how many rows it took. */
  round: () => Promise<number>;
  /** A round that took this many rows may have left more behind. */
  fullRound: number;
  pollMs: number;
  /** A round threw (the store is unreachable, say): the next poll retries. */
  onInterrupted: (err: unknown) => void;
}) {
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  /** Sends what is due now; resolves when done (tests await it). */
  function deliverDue(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while ((await options.round()) === options.fullRound);
        } while (again);
      } catch (err) {
        options.onInterrupted(err);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    deliverDue,
    start(): void {
      if (timer) return;
      timer = setInterval(() => void deliverDue(), options.pollMs);
      timer.unref();
    },
    /**
     * Stops polling and waits for the run in flight, at most `STOP_GRACE_MS`: a run whose store
     * went away first can wait forever (node-postgres never settles a connect queued on a pool
     * that was ended), and shutdown must not. Its transaction, if any, dies with its connection.
     */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      if (!running) return;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        running,
        new Promise<void>((resolve) => {
          grace = setTimeout(resolve, STOP_GRACE_MS);
          grace.unref();
        }),
      ]);
      clearTimeout(grace);
    },
  };
}
