import type {
  AcknowledgeRealityCheckBody,
  RealityCheckState,
  SetRealityCheckBody,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { PLAY_SESSION_GAP_MS, standingRun } from '../rgs/play-sessions.fns.ts';
import type { PlaySessionsRepo } from '../rgs/play-sessions.repo.ts';
import { toRealityCheckState } from './reality-check.fns.ts';
import type { RealityCheckRepo } from './reality-check.repo.ts';

/**
 * How far back the standing play session is looked for: a session of rounds never more than
 * the gap apart for longer than this is reported from this far back (decision 036).
 */
const SESSION_LOOKBACK_MS = 24 * 60 * 60_000;

/**
 * Reality checks (issue 16, decision 036). Everything is read afresh from the rounds and the
 * answers on each call, so the check survives reloads, refreshed tokens, tabs and nodes.
 */
export function createRealityCheckService(deps: {
  repo: RealityCheckRepo;
  playSessions: Pick<PlaySessionsRepo, 'runsBetween' | 'resultsBetween'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repo, playSessions } = deps;

  async function read(playerId: string, tx: Database, at: Date) {
    const since = new Date(at.getTime() - SESSION_LOOKBACK_MS);
    const runs = await playSessions.runsBetween(playerId, since, at, PLAY_SESSION_GAP_MS, tx);
    const session = standingRun(runs, at);
    const interval = await repo.findInterval(playerId, tx);
    const lastAnswer = session ? await repo.lastAnswer(playerId, session.startedAt, tx) : null;
    const results = session
      ? await playSessions.resultsBetween(playerId, session.startedAt, at, tx)
      : [];
    return {
      session,
      state: toRealityCheckState({ interval, session, lastAnswer, results, now: at }),
    };
  }

  return {
    /** The interval a player chose (the back office's protection record); null: checks off. */
    intervalOf: async (playerId: string): Promise<number | null> =>
      (await repo.findInterval(playerId))?.minutes ?? null,

    get: async (actor: Actor): Promise<RealityCheckState> =>
      (await read(actor.playerId, repo.db, now())).state,

    setInterval: (actor: Actor, body: SetRealityCheckBody): Promise<RealityCheckState> =>
      repo.db.transaction(async (tx) => {
        const at = now();
        await repo.setInterval(tx, actor.playerId, body.intervalMinutes, at);
        return (await read(actor.playerId, tx, at)).state;
      }),

    /**
     * Records the answer to the check due at `checkAt` and moves the next one. An answer to a
     * check that is not the one due (answered in another tab, or no session stands any more)
     * records nothing and answers the state as it is, so every tab can close its dialog.
     */
    acknowledge: (actor: Actor, body: AcknowledgeRealityCheckBody): Promise<RealityCheckState> =>
      repo.db.transaction(async (tx) => {
        const at = now();
        const { session, state } = await read(actor.playerId, tx, at);
        const due = state.nextCheckAt;
        if (!session || !due || Date.parse(due) !== Date.parse(body.checkAt)) return state;
        await repo.insertAnswer(tx, {
          playerId: actor.playerId,
          sessionStartedAt: session.startedAt,
          checkAt: new Date(due),
          action: body.action,
          playedSeconds: state.session?.playedSeconds ?? 0,
          answeredAt: at,
        });
        return (await read(actor.playerId, tx, at)).state;
      }),
  };
}
export type RealityCheckService = ReturnType<typeof createRealityCheckService>;
