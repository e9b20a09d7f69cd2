import { PLAY_SESSION_GAP_MINUTES } from '@coinfall/shared';

/** Milliseconds without a round start after which a play session is over (decision 036). */
export const PLAY_SESSION_GAP_MS = PLAY_SESSION_GAP_MINUTES * 60_000;

/** A run of round starts no more than the gap apart: one play session. */
export interface PlayRun {
  startedAt: Date;
  lastRoundAt: Date;
}

/** The play session standing at `now`: the latest run, if its last round is within the gap. */
export function standingRun(
  runs: readonly PlayRun[],
  now: Date,
  gapMs = PLAY_SESSION_GAP_MS,
): PlayRun | null {
  const last = runs.at(-1);
  if (!last) return null;
  return now.getTime() - last.lastRoundAt.getTime() <= gapMs ? last : null;
}

/**
 * Milliseconds played within [since, now]: each run counts from its first to its last round
 * start, the one standing at `now` up to `now` (a round being started extends it). A part before
 * `since` does not count. Idle time after a run's last round, up to the gap, is not play.
 */
export function playedMs(
  runs: readonly PlayRun[],
  since: Date,
  now: Date,
  gapMs = PLAY_SESSION_GAP_MS,
): number {
  const standing = standingRun(runs, now, gapMs);
  let total = 0;
  for (const run of runs) {
    const end = run === standing ? now.getTime() : run.lastRoundAt.getTime();
    const start = Math.max(run.startedAt.getTime(), since.getTime());
    total += Math.max(0, Math.min(end, now.getTime()) - start);
  }
  return total;
}
