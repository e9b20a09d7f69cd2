import type { PlaySessionResult, RealityCheckInterval, RealityCheckState } from '@coinfall/shared';

/** The inputs of the next check's time: the chosen interval, the session, the last answer. */
export interface CheckInputs {
  interval: { minutes: RealityCheckInterval; setAt: Date } | null;
  session: { startedAt: Date } | null;
  lastAnswer: { checkAt: Date; answeredAt: Date } | null;
}

/**
 * One interval after the latest of: the session's start, the time the interval was chosen (a
 * check switched on mid-session first comes one interval later), and the last answer — the
 * check it answered or the answer itself, whichever is later, so a check answered late does not
 * come back at once and one answered early (on the site's clock) still moves a whole interval.
 */
export function nextCheckAt({ interval, session, lastAnswer }: CheckInputs): Date | null {
  if (!interval || !session) return null;
  const base = Math.max(
    session.startedAt.getTime(),
    interval.setAt.getTime(),
    lastAnswer?.checkAt.getTime() ?? 0,
    lastAnswer?.answeredAt.getTime() ?? 0,
  );
  return new Date(base + interval.minutes * 60_000);
}

/** The answer to GET /api/player/protection/reality-check. */
export function toRealityCheckState(
  inputs: CheckInputs & {
    session: { startedAt: Date; lastRoundAt: Date } | null;
    results: PlaySessionResult[];
    now: Date;
  },
): RealityCheckState {
  const { session } = inputs;
  return {
    intervalMinutes: inputs.interval?.minutes ?? null,
    session: session && {
      startedAt: session.startedAt.toISOString(),
      lastRoundAt: session.lastRoundAt.toISOString(),
      playedSeconds: Math.max(
        0,
        Math.floor((inputs.now.getTime() - session.startedAt.getTime()) / 1000),
      ),
      results: inputs.results,
    },
    nextCheckAt: nextCheckAt(inputs)?.toISOString() ?? null,
  };
}
