import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import {
  gameSessionStateSchema,
  playGameAnswerSchema,
  roundAnswerSchema,
  type RoundAnswer,
} from '@coinfall/shared';
import { runLedgerInvariants } from '../../src/modules/ledger/ledger-invariants.repo.ts';
import { operatorHeaders, type TestApp } from '../test-app.ts';
import { bearer } from '../player/player-fixtures.ts';
import { redemptionFixtures, type TestPlayer } from '../redemption/redemption-fixtures.ts';

export const gameSession = (token: string) => ({ authorization: `GameSession ${token}` });

/** Players, launches and rounds on one test app. */
export function rgsFixtures(t: TestApp) {
  const money = redemptionFixtures(t);

  async function call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  }

  /** A player playing in SC with `amount` minor units, the SC account active. */
  async function scPlayer(amount: number): Promise<TestPlayer> {
    const p = await money.player();
    if (amount > 0) {
      const res = await call(
        'POST',
        `/api/dev/players/${p.playerId}/sweeps-credit`,
        operatorHeaders(),
        {
          amount,
          playedThrough: true,
          requestKey: `credit-${randomUUID()}`,
        },
      );
      if (res.statusCode !== 200) throw new Error(`credit: ${res.body}`);
    }
    const sw = await call('PUT', `/api/wallet/accounts/${p.accounts.SC}/switch`, bearer(p.token));
    if (sw.statusCode !== 200) throw new Error(`switch: ${sw.body}`);
    return p;
  }

  /** Launches a game; answers the game-session token of the launch URL's fragment. */
  async function launch(p: TestPlayer, game: string): Promise<string> {
    const res = await call('POST', `/api/game/games/${game}/play`, bearer(p.token), {
      device: 'mobile',
    });
    if (res.statusCode !== 200) throw new Error(`play: ${res.body}`);
    const { launchUrl } = playGameAnswerSchema.parse(res.json());
    const token = /#token=([0-9a-f]{64})$/.exec(launchUrl)?.[1];
    if (!token) throw new Error(`no token in ${launchUrl}`);
    return token;
  }

  const open = async (token: string) => {
    const res = await call('POST', '/api/rgs/session', gameSession(token));
    if (res.statusCode !== 200) throw new Error(`session: ${res.body}`);
    return gameSessionStateSchema.parse(res.json());
  };

  const startRaw = (token: string, body: object, key = `round-${randomUUID()}`) =>
    call('POST', '/api/rgs/rounds', { ...gameSession(token), 'idempotency-key': key }, body);

  const actRaw = (token: string, roundId: string, action: unknown, key = `act-${randomUUID()}`) =>
    call(
      'POST',
      `/api/rgs/rounds/${roundId}/actions`,
      { ...gameSession(token), 'idempotency-key': key },
      { action },
    );

  const answerOf = (res: LightMyRequestResponse): RoundAnswer => {
    if (res.statusCode !== 200) throw new Error(`round: ${res.statusCode} ${res.body}`);
    return roundAnswerSchema.parse(res.json());
  };

  async function expectLedgerInvariants() {
    const results = await runLedgerInvariants(t.database.db);
    for (const r of results) expect(r.violations, r.name).toBe(0);
  }

  return {
    call,
    scPlayer,
    launch,
    open,
    startRaw,
    actRaw,
    answerOf,
    start: async (token: string, body: object) => answerOf(await startRaw(token, body)),
    act: async (token: string, roundId: string, action: unknown) =>
      answerOf(await actRaw(token, roundId, action)),
    expectLedgerInvariants,
  };
}
