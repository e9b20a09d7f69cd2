import type { Database } from '../../db/client.ts';
import { createPolledSender } from '../../platform/polled-sender.ts';
import { segmentPageChanges } from './segments.fns.ts';
import type { SegmentRecheckRepo } from './segment-recheck.repo.ts';

/** Players per batch (one transaction) of a re-check. */
export const RECHECK_BATCH = 500;
/** How often each node looks for an unfinished run (a nudge after each edit starts one at once). */
const RECHECK_POLL_MS = 5_000;

/**
 * The background re-check of a segment's members after its rule changed or it was retired
 * (decision 064). A run walks every player by id, a batch per transaction: the batch locks the
 * segment row (SKIP LOCKED, so nodes share the work and an edit waits for at most one batch),
 * locks its page of players, reads their facts set-based, writes the page's joins and leaves,
 * and moves the run's cursor in the same commit. An edit restarts the cursor from the first
 * player, so the next batch evaluates everyone against the new rule; a crash loses at most the
 * batch in flight, which the next poll (any node) redoes from the committed cursor.
 */
export function createSegmentRecheck(deps: {
  repo: SegmentRecheckRepo;
  /** The pool the job writes on (background, decision 013). */
  background: Database;
  log: { warn: (obj: object, msg: string) => void };
  now: () => Date;
  batch?: number;
}) {
  const { repo, now } = deps;
  const defaultBatch = deps.batch ?? RECHECK_BATCH;

  /** One batch of one unfinished run; false when no run is unfinished (or all are held). */
  async function step(batch = defaultBatch): Promise<boolean> {
    return deps.background.transaction(async (tx) => {
      const segment = await repo.claimDue(tx);
      if (!segment) return false;
      const page = await repo.lockPage(tx, segment.recheckAfter, batch);
      const at = now();
      const rule = segment.retiredAt ? null : (segment.rule ?? null);
      const members = await repo.memberIdsAmong(
        tx,
        segment.id,
        page.map((p) => p.playerId),
      );
      const changes = segmentPageChanges(segment.id, rule, page, members, at);
      await repo.applyPage(tx, segment.id, changes, at);
      await repo.advance(tx, segment.id, {
        after: page.at(-1)?.playerId ?? null,
        checked: segment.recheckChecked + page.length,
        done: page.length < batch,
        at,
      });
      return true;
    });
  }

  const loop = createPolledSender({
    round: async () => ((await step()) ? 1 : 0),
    fullRound: 1,
    pollMs: RECHECK_POLL_MS,
    onInterrupted: (err) =>
      deps.log.warn({ err }, 'segment re-check interrupted; the next poll resumes it'),
  });
  let started = false;

  return {
    step,
    /** Runs every unfinished batch now; resolves when none is left (tests await it). */
    runDue: loop.deliverDue,
    /** After an edit commits: this node starts the run at once (while started). */
    nudge(): void {
      if (started) void loop.deliverDue();
    },
    /** Polls, and resumes at once whatever run a stopped or crashed node left unfinished. */
    start(): void {
      started = true;
      loop.start();
      void loop.deliverDue();
    },
    async stop(): Promise<void> {
      started = false;
      await loop.stop();
    },
  };
}
export type SegmentRecheck = ReturnType<typeof createSegmentRecheck>;
