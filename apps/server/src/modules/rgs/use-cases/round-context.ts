import type { GameEngine, RoundAnswer } from '@coinfall/shared';
import type { Database } from '../../../db/client.ts';
import type { BonusPlay } from '../../bonus/bonus-play.service.ts';
import type { OutboxRecorder } from '../../../platform/events/outbox.repo.ts';
import type { BetLimits } from '../bet-limits.service.ts';
import type { FairnessRepo, SeedRow } from '../fairness.repo.ts';
import { fairnessStateOf, type FairnessService } from '../fairness.service.ts';
import type { GameSessionRepo } from '../game-session.repo.ts';
import { toRound } from '../rgs.fns.ts';
import type { RoundPostings } from '../round-step.ts';
import type { RoundRow, RoundsRepo } from '../rounds.repo.ts';

/** Registers an effect to run once the step's transaction has committed. */
export type OnCommit = (effect: () => void) => void;

/** What the rounds' use cases depend on (built by rgs.wiring.ts). */
export interface RoundsDeps {
  repo: RoundsRepo;
  sessions: GameSessionRepo;
  seeds: Pick<FairnessRepo, 'findById' | 'takeNonce' | 'findActive'>;
  fairness: Pick<FairnessService, 'lockActiveIn'>;
  postings: RoundPostings;
  limits: BetLimits;
  /** Sweeps Coins playthrough (decision 012), in the round's transaction. */
  recordWager: (tx: Database, playerId: string, amount: number) => Promise<unknown>;
  /** Where an action that settles a round records its game.round.settled event. */
  outbox: OutboxRecorder;
  engineOf: (key: string) => GameEngine | undefined;
  now: () => Date;
  /** The bonus engine's side of a round: active bonus, wagering, free spins (issue 14). */
  bonus: BonusPlay;
  /** Jurisdiction rules (issue 16): 403 SWEEPS_NOT_ALLOWED where Sweeps Coins play is not. */
  sweeps: SweepsDoor;
}

/** The jurisdiction door of Sweeps Coins play, asked inside the round's transaction. */
export interface SweepsDoor {
  assertSweepsPlay(tx: Database, playerId: string): Promise<void>;
  /** Whether it is allowed, for each of these players, in a fixed number of statements. */
  sweepsPlayOf(tx: Database, playerIds: string[]): Promise<Map<string, boolean>>;
}

/** The game session a round was opened in (its account, device and country). */
export function sessionOf(deps: Pick<RoundsDeps, 'sessions'>, tx: Database, round: RoundRow) {
  return deps.sessions.findSessionById(tx, round.sessionId);
}

/** The account a round is played from: its game session's. */
export async function accountOf(
  deps: Pick<RoundsDeps, 'sessions'>,
  tx: Database,
  round: RoundRow,
): Promise<string> {
  const session = await sessionOf(deps, tx, round);
  if (!session) throw new Error(`game session ${round.sessionId} vanished`);
  return session.accountId;
}

/** What a step or a read answers: the round, the balance after it, the fairness state. */
export async function answerOf(
  deps: Pick<RoundsDeps, 'sessions' | 'seeds'>,
  tx: Database,
  round: { row: RoundRow; gameIdentity: string; accountId: string; seed: SeedRow },
): Promise<RoundAnswer> {
  const active = (await deps.seeds.findActive(tx, round.row.playerId)) ?? round.seed;
  return {
    round: toRound(round.row, round.gameIdentity, round.seed),
    balance: await deps.sessions.balanceOf(tx, round.accountId),
    fairness: fairnessStateOf(active),
  };
}
