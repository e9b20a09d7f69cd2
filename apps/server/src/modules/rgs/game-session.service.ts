import {
  GAME_SESSION_TTL_MS,
  type GameSessionState,
  type PlayGameAnswer,
  type PlayGameBody,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { BonusPlay } from '../bonus/bonus-play.service.ts';
import type { FairnessRepo } from './fairness.repo.ts';
import { fairnessStateOf, type FairnessService } from './fairness.service.ts';
import type { GameSessionRepo, GameSessionRow } from './game-session.repo.ts';
import { assertLive, assertMayPlay } from './play-rules.fns.ts';
import { gameBonusOf, gameFreeSpinsOf } from './round-bonus.fns.ts';
import type { RoundsRepo } from './rounds.repo.ts';
import type { SweepsDoor } from './use-cases/round-context.ts';
import {
  availableIn,
  betLevelsOf,
  isGameCurrency,
  randomHex32,
  sha256Hex,
  toRound,
} from './rgs.fns.ts';

/**
 * Launch (POST /api/game/games/{id}/play) and the game client's opening call: a game session is
 * a random token, stored as its SHA-256, bound to one player, game and wallet account.
 */
export function createGameSessionService(deps: {
  repo: GameSessionRepo;
  seeds: Pick<FairnessRepo, 'findById'>;
  rounds: Pick<RoundsRepo, 'findOpen'>;
  fairness: Pick<FairnessService, 'lockActiveIn'>;
  /** The active bonus and the free spins the game page shows (issue 14). */
  bonus: Pick<BonusPlay, 'findActive' | 'liveFreeSpin'>;
  /** Jurisdiction rules: a Sweeps Coins launch is refused where SC play is not allowed. */
  sweeps: SweepsDoor;
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async play(actor: Actor, ref: number | string, body: PlayGameBody): Promise<PlayGameAnswer> {
      return repo.db.transaction(async (tx) => {
        const player = assertMayPlay(await repo.findPlayer(actor.playerId, tx));
        const game = await repo.findPlayableGame(ref, tx);
        if (!game) throw AppError.notFound('Game');
        const country = player.country?.toUpperCase() ?? null;
        if (!availableIn(await repo.collectionCountries(game.id, tx), country, game.countries)) {
          throw new AppError('GAME_UNAVAILABLE', 'This game is not available in your country');
        }
        const account = await repo.findActiveAccount(tx, actor.playerId);
        if (!account || !isGameCurrency(account.currency)) {
          throw new AppError(
            'CURRENCY_NOT_PLAYABLE',
            'Games are played in Gold Coins or Sweeps Coins: switch your wallet to GC or SC',
            { currency: account?.currency ?? null },
          );
        }
        // Said at the launch too, so the game page explains before a bet is tried.
        if (account.currency === 'SC') await deps.sweeps.assertSweepsPlay(tx, actor.playerId);
        const token = randomHex32();
        const at = now();
        const session = await repo.insertSession(tx, {
          tokenHash: sha256Hex(token),
          playerId: actor.playerId,
          playerSessionId: actor.sessionId,
          gameId: game.id,
          accountId: account.id,
          currency: account.currency,
          device: body.device,
          country: country && /^[A-Z]{2}$/.test(country) ? country : null,
          createdAt: at,
          expiresAt: new Date(at.getTime() + GAME_SESSION_TTL_MS),
        });
        return {
          // In the fragment: browsers send it neither to servers (logs) nor in Referer.
          launchUrl: `/play/${game.identity}#token=${token}`,
          gameSessionId: session.id,
          currency: account.currency,
          expiresAt: session.expiresAt.toISOString(),
        };
      });
    },

    /** POST /api/rgs/session: what the game client draws first, with the round to resume. */
    open(session: GameSessionRow): Promise<GameSessionState> {
      assertLive(session, now());
      return repo.db.transaction(async (tx: Database) => {
        assertMayPlay(await repo.lockPlayer(tx, session.playerId));
        const game = await repo.findGame(session.gameId, tx);
        if (!game) throw AppError.notFound('Game');
        const seed = await deps.fairness.lockActiveIn(tx, session.playerId);
        const open = await deps.rounds.findOpen(tx, session.playerId, session.gameId);
        const openSeed = open ? await deps.seeds.findById(tx, open.seedId) : undefined;
        const currency = session.currency;
        if (!isGameCurrency(currency)) throw new Error(`session in ${currency}`);
        const levels = betLevelsOf(currency);
        const bonus = await deps.bonus.findActive(tx, session.playerId, currency);
        const spin = await deps.bonus.liveFreeSpin(tx, session.playerId, game.id, currency);
        return {
          game: {
            identity: game.identity,
            name: game.name,
            kind: game.kind as GameSessionState['game']['kind'],
            engine: game.engine,
            rtp: game.rtp,
            volatility: game.volatility as GameSessionState['game']['volatility'],
          },
          currency,
          balance: await repo.balanceOf(tx, session.accountId),
          betLevels: levels,
          defaultBet: levels[0] ?? 0,
          openRound: open && openSeed ? toRound(open, game.identity, openSeed) : null,
          fairness: fairnessStateOf(seed),
          expiresAt: session.expiresAt.toISOString(),
          bonus: bonus && gameBonusOf(bonus, bonus.row.wagered, bonus.balance),
          freeSpins: spin && gameFreeSpinsOf(spin),
        };
      });
    },
  };
}
export type GameSessionService = ReturnType<typeof createGameSessionService>;
