import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gameSessionStateSchema,
  idempotencyHeadersSchema,
  roundActionBodySchema,
  roundAnswerSchema,
  roundIdParamsSchema,
  startRoundBodySchema,
} from '@coinfall/shared';
import {
  callOf,
  respondIdempotentInTransaction,
  sendIdempotent,
  type Idempotency,
} from '../../platform/idempotency/idempotency.ts';
import type { IdempotentBatch } from '../../platform/idempotency/idempotent-batch.ts';
import type { StartRoundInput } from './use-cases/start-rounds-batch.ts';
import { gameSessionOf } from './game-session.guard.ts';
import type { GameSessionService } from './game-session.service.ts';
import type { RoundsService } from './rounds.service.ts';

const tags = ['rgs'];
const security = [{ gameSession: [] }];
const idempotent =
  'Idempotent by the Idempotency-Key header: a retry answers the first result byte for byte; ' +
  'the same key with another body is 409.';

/** The game client's API (contracts/rgs.ts): `Authorization: GameSession <token>` only. */
export function rgsRoutes(deps: {
  sessions: GameSessionService;
  rounds: RoundsService;
  /** Round starts, settled together by group commit (decision 072). */
  startRounds: IdempotentBatch<StartRoundInput>;
  idempotency: Idempotency;
  requireGameSession: onRequestAsyncHookHandler;
}): FastifyPluginAsyncZod {
  const { rounds, idempotency } = deps;

  return async (app) => {
    app.decorateRequest('gameSession', null);
    app.addHook('onRequest', deps.requireGameSession);

    app.post(
      '/session',
      {
        schema: {
          tags,
          security,
          summary: 'Open the game: balance, bet levels, the round to resume, the commitment',
          description: '401 GAME_SESSION_EXPIRED once the session expired.',
          response: { 200: gameSessionStateSchema },
        },
      },
      (request) => deps.sessions.open(gameSessionOf(request)),
    );

    app.post(
      '/rounds',
      {
        schema: {
          tags,
          security,
          summary: 'Start a round (bet and the game’s params)',
          description:
            `${idempotent} 400 BET_NOT_ALLOWED off the bet levels; 400 VALIDATION_FAILED naming ` +
            'body.params fields; 409 ROUND_OPEN while a round of the game is open; 409 ' +
            'INSUFFICIENT_FUNDS; 409 LIMIT_EXCEEDED over a wager or loss limit; 409 ' +
            'SESSION_TIME_LIMIT_REACHED once the play time reaches a session-time limit; 401 ' +
            'GAME_SESSION_EXPIRED.',
          headers: idempotencyHeadersSchema,
          body: startRoundBodySchema,
          response: { 200: roundAnswerSchema },
        },
      },
      async (request, reply) => {
        const session = gameSessionOf(request);
        const answer = await deps.startRounds.submit({
          ...callOf(request, session.playerId, 'rgs.round.start'),
          input: { session, body: request.body },
        });
        return sendIdempotent(reply, answer);
      },
    );

    app.post(
      '/rounds/:id/actions',
      {
        schema: {
          tags,
          security,
          summary: 'Act on an open round (reveal, cash out, hit…)',
          description:
            `${idempotent} Accepted after the game session expired, so a round can always ` +
            'finish. 400 VALIDATION_FAILED naming body.action fields; 400 GAME_RULE with ' +
            'details.rule; 409 ROUND_CLOSED once settled; 404 for another player’s round.',
          headers: idempotencyHeadersSchema,
          params: roundIdParamsSchema,
          body: roundActionBodySchema,
          response: { 200: roundAnswerSchema },
        },
      },
      async (request, reply) => {
        const session = gameSessionOf(request);
        return respondIdempotentInTransaction(
          idempotency,
          request,
          reply,
          session.playerId,
          `rgs.round.action:${request.params.id}`,
          (tx, onCommit) => rounds.act(tx, session, request.params.id, request.body, onCommit),
        );
      },
    );

    app.get(
      '/rounds/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One of the player’s own rounds',
          params: roundIdParamsSchema,
          response: { 200: roundAnswerSchema },
        },
      },
      (request) => rounds.get(gameSessionOf(request), request.params.id),
    );
  };
}
