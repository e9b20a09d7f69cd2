import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  BetStatus,
  favoriteAnswerSchema,
  gameArraySchema,
  gameCollectionListSchema,
  gameListSchema,
  gameProviderListSchema,
  gameSchema,
  spinListSchema,
  type Game,
} from '@coinfall/shared';
import { CATALOG_GAMES, type GameEngine } from '@coinfall/shared/games/index';
import {
  fairnessSeeds,
  gameRounds,
  gameSessions,
  games,
  ledgerAccounts,
  players,
} from '../../src/db/schema/index.ts';
import { seedGames } from '../../src/db/seed/games.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { bearer, errorOf, failedFields, register } from '../player/player-fixtures.ts';

let t: TestApp;

/**
 * Engines may not have landed on this branch: the tests give every catalog game a stand-in
 * engine, distinct RTP per game (the catalog order: frosty-fortunes 90.000, lucky-clover 90.500…).
 */
const rtpOf = (identity: string) =>
  0.9 + CATALOG_GAMES.findIndex((g) => g.identity === identity) * 0.005;
const engineKeys = new Map(CATALOG_GAMES.map((g) => [g.engine, g.identity]));
const allEngines = (key: string): Pick<GameEngine, 'rtp' | 'volatility'> | undefined => {
  const identity = engineKeys.get(key);
  return identity ? { rtp: rtpOf(identity), volatility: 'high' } : undefined;
};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
  await seedGames(t.database.db, allEngines);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token?: string) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {} });

const player = async (country: string | null = null) => {
  const session = await register(t);
  if (country) {
    await t.database.db.update(players).set({ country }).where(eq(players.id, session.profile.id));
  }
  return { token: session.accessToken, playerId: session.profile.id };
};

const listGames = async (query: string, token?: string) => {
  const res = await call('GET', `/api/game/games${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return gameListSchema.parse(res.json());
};
const identities = (list: { data: Game[] }) => list.data.map((g) => g.identity);
const idOf = async (identity: string): Promise<number> => {
  const [row] = await t.database.db
    .select({ id: games.id })
    .from(games)
    .where(eq(games.identity, identity));
  if (!row) throw new Error(`no game ${identity}`);
  return row.id;
};

const CATALOG_ORDER = CATALOG_GAMES.map((g) => g.identity);

describe('GET /api/game/collections', () => {
  it('lists every collection with its countries and enabled games counted', async () => {
    const res = await call('GET', '/api/game/collections');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = gameCollectionListSchema.parse(res.json());
    expect(data.map((c) => c.identity)).toEqual([
      'popular',
      'new',
      'originals',
      'slots',
      'table-games',
      'holiday',
      'high-volatility',
    ]);
    const byIdentity = new Map(data.map((c) => [c.identity, c]));
    expect(byIdentity.get('popular')).toMatchObject({ countries: [], gamesCount: 7 });
    expect(byIdentity.get('originals')?.gamesCount).toBe(6);
    expect(byIdentity.get('high-volatility')).toMatchObject({
      countries: ['US', 'CA'],
      gamesCount: 2,
    });
  });
});

describe('GET /api/game/providers', () => {
  it('lists the studios with their games counted and never the sportsbook', async () => {
    const res = await call('GET', '/api/game/providers');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = gameProviderListSchema.parse(res.json());
    expect(data.map((p) => [p.identity, p.gamesCount])).toEqual([
      ['aurora-reels', 3],
      ['coinfall-originals', 6],
      ['north-pole-studios', 4],
    ]);
  });
});

describe('GET /api/game/games', () => {
  it('lists enabled games in lobby order with the engine figures, paged', async () => {
    const all = await listGames('');
    expect(identities(all)).toEqual(CATALOG_ORDER);
    expect(all.meta).toEqual({ page: 1, perPage: 20, totalPages: 1, totalRows: 13 });
    expect(all.data[0]).toMatchObject({
      identity: 'frosty-fortunes',
      provider: { identity: 'north-pole-studios', name: 'North Pole Studios' },
      kind: 'slot',
      collections: ['popular', 'new', 'slots', 'holiday'],
      rtp: '90.000',
      volatility: 'high',
      isNew: true,
      isFavorite: false,
    });

    const third = await listGames('?page=3&perPage=5');
    expect(identities(third)).toEqual(CATALOG_ORDER.slice(10));
    expect(third.meta).toEqual({ page: 3, perPage: 5, totalPages: 3, totalRows: 13 });
  });

  it('filters by collection, provider and both', async () => {
    expect(identities(await listGames('?collection=originals'))).toEqual([
      'dice',
      'limbo',
      'plinko',
      'mines',
      'keno',
      'hi-lo',
    ]);
    expect(identities(await listGames('?provider=aurora-reels'))).toEqual([
      'lucky-clover',
      'neon-nights',
      'dragon-hoard',
    ]);
    const both = await listGames('?collection=popular&provider=coinfall-originals');
    expect(identities(both)).toEqual(['dice', 'plinko', 'mines']);
    expect(both.meta.totalRows).toBe(3);
  });

  it('searches names case-insensitively and takes LIKE wildcards literally', async () => {
    expect(identities(await listGames('?search=DRAGON'))).toEqual(['dragon-hoard']);
    expect(identities(await listGames(`?search=${encodeURIComponent("h's v")}`))).toEqual([
      'pharaohs-vault',
    ]);
    expect((await listGames('?search=%25')).data).toEqual([]);
    expect((await listGames('?search=_')).data).toEqual([]);
    expect((await listGames('?search=n_on')).data).toEqual([]);
  });

  it('sorts by name, popularity, novelty and RTP, and reverses with sortOrder=desc', async () => {
    const byName = identities(await listGames('?sortBy=name&perPage=100'));
    const names = (await listGames('?sortBy=name&perPage=100')).data.map((g) => g.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(byName[0]).toBe('blackjack');

    expect(identities(await listGames('?sortBy=popularity&perPage=3'))).toEqual([
      'frosty-fortunes',
      'dice',
      'lucky-clover',
    ]);
    expect(identities(await listGames('?sortBy=popularity&sortOrder=desc&perPage=2'))).toEqual([
      'keno',
      'hi-lo',
    ]);
    // The three new games first (seeded together: then by name).
    expect(identities(await listGames('?sortBy=new&perPage=4')).slice(0, 3)).toEqual([
      'frosty-fortunes',
      'hi-lo',
      'neon-nights',
    ]);
    expect(identities(await listGames('?sortBy=rtp&perPage=2'))).toEqual([
      'frosty-fortunes',
      'lucky-clover',
    ]);
    expect(identities(await listGames('?sortBy=rtp&sortOrder=desc&perPage=2'))).toEqual([
      'roulette',
      'blackjack',
    ]);
    expect(identities(await listGames('?sortOrder=desc&perPage=1'))).toEqual(['roulette']);
  });

  it('looks games up by one id or a bracket array of ids (spec §7 lookup form)', async () => {
    const dice = await idOf('dice');
    const mines = await idOf('mines');
    expect(identities(await listGames(`?gameId=${dice}`))).toEqual(['dice']);
    const lookup = await listGames(
      `?gameId[]=${mines}&gameId[]=${dice}&gameId[]=999999&sortBy=default&sortOrder=asc&perPage=12`,
    );
    expect(identities(lookup)).toEqual(['dice', 'mines']);
    expect(lookup.meta).toEqual({ page: 1, perPage: 12, totalPages: 1, totalRows: 2 });
  });

  it('answers 404 for an unknown collection or provider, and for the hidden sportsbook', async () => {
    for (const query of ['?collection=nope', '?provider=nope', '?provider=betsy']) {
      const res = await call('GET', `/api/game/games${query}`);
      expect(res.statusCode, query).toBe(404);
      expect(errorOf(res).code).toBe('NOT_FOUND');
    }
  });

  it('marks the logged-in player’s favourites', async () => {
    const { token } = await player();
    expect((await call('POST', '/api/game/games/limbo/favorite', token)).statusCode).toBe(200);
    const mine = await listGames('?collection=originals', token);
    expect(mine.data.filter((g) => g.isFavorite).map((g) => g.identity)).toEqual(['limbo']);
    const guest = await listGames('?collection=originals');
    expect(guest.data.some((g) => g.isFavorite)).toBe(false);
  });

  it('refuses a token that is not valid rather than answering as a guest', async () => {
    const res = await call('GET', '/api/game/games', 'not-a-token');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('UNAUTHENTICATED');
  });

  it.each([
    ['?page=0', 'query.page'],
    ['?perPage=1000', 'query.perPage'],
    ['?sortBy=x', 'query.sortBy'],
    ['?sortOrder=up', 'query.sortOrder'],
    ['?gameId=abc', 'query.gameId'],
    ['?collection=Not%20Valid', 'query.collection'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await call('GET', `/api/game/games${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(failedFields(res)).toContain(field);
  });
});

describe('a collection restricted to some countries', () => {
  const url = '/api/game/games?collection=high-volatility';

  it('lists its games to a player whose profile country is listed', async () => {
    const { token } = await player('US');
    const res = await call('GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(identities(gameListSchema.parse(res.json()))).toEqual([
      'pharaohs-vault',
      'dragon-hoard',
    ]);
  });

  it('refuses a player from elsewhere, one without a country, and a guest', async () => {
    const elsewhere = await player('FR');
    const unknown = await player();
    for (const token of [elsewhere.token, unknown.token, undefined]) {
      const res = await call('GET', url, token);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: 'COLLECTION_UNAVAILABLE',
        details: { collection: 'high-volatility', countries: ['US', 'CA'] },
      });
    }
  });

  it('does not hide its games from other lists', async () => {
    const { token } = await player('FR');
    expect(identities(await listGames('?collection=slots', token))).toContain('pharaohs-vault');
  });
});

describe('GET /api/game/games/{id}', () => {
  it('finds a game by numeric id or identity', async () => {
    const id = await idOf('plinko');
    for (const ref of [String(id), 'plinko']) {
      const res = await call('GET', `/api/game/games/${ref}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(gameSchema.parse(res.json())).toMatchObject({
        id,
        identity: 'plinko',
        provider: { identity: 'coinfall-originals' },
        collections: ['popular', 'originals'],
        isFavorite: false,
      });
    }
  });

  it('answers 404 for an unknown game and 400 for a malformed reference', async () => {
    expect((await call('GET', '/api/game/games/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/game/games/no-such-game')).statusCode).toBe(404);
    const bad = await call('GET', '/api/game/games/Bad_Id!');
    expect(bad.statusCode).toBe(400);
    expect(failedFields(bad)).toContain('params.id');
  });
});

describe('favourites', () => {
  it('are toggled idempotently and listed newest first', async () => {
    const { token } = await player();
    const dice = await idOf('dice');
    for (let i = 0; i < 2; i += 1) {
      const res = await call('POST', `/api/game/games/${dice}/favorite`, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(favoriteAnswerSchema.parse(res.json())).toEqual({ gameId: dice, isFavorite: true });
    }
    expect((await call('POST', '/api/game/games/keno/favorite', token)).statusCode).toBe(200);

    const listed = await call('GET', '/api/game/games/favorites', token);
    expect(listed.statusCode, listed.body).toBe(200);
    const favorites = gameArraySchema.parse(listed.json()).data;
    expect(favorites.map((g) => [g.identity, g.isFavorite])).toEqual([
      ['keno', true],
      ['dice', true],
    ]);
    const one = gameSchema.parse((await call('GET', '/api/game/games/dice', token)).json());
    expect(one.isFavorite).toBe(true);

    for (let i = 0; i < 2; i += 1) {
      const res = await call('DELETE', '/api/game/games/dice/favorite', token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ gameId: dice, isFavorite: false });
    }
    const after = gameArraySchema.parse(
      (await call('GET', '/api/game/games/favorites', token)).json(),
    );
    expect(after.data.map((g) => g.identity)).toEqual(['keno']);
  });

  it('answers 404 for an unknown game', async () => {
    const { token } = await player();
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(method, '/api/game/games/999999/favorite', token);
      expect(res.statusCode).toBe(404);
    }
  });
});

/** A settled round of `playerId`, inserted as the game server would leave it. */
async function insertRounds(
  playerId: string,
  rounds: { game: string; at: string; status?: number }[],
) {
  const db = t.database.db;
  const [account] = await db
    .select({ id: ledgerAccounts.id, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.playerId, playerId));
  if (!account) throw new Error('player has no account');
  const [seed] = await db
    .insert(fairnessSeeds)
    .values({
      playerId,
      serverSeed: randomUUID(),
      serverSeedHash: `hash-${playerId}`,
      clientSeed: `client-${playerId}`,
      nextNonce: rounds.length,
    })
    .returning({ id: fairnessSeeds.id });
  let nonce = 0;
  for (const round of rounds) {
    const gameId = await idOf(round.game);
    const [session] = await db
      .insert(gameSessions)
      .values({
        tokenHash: randomUUID(),
        playerId,
        gameId,
        accountId: account.id,
        currency: account.currency,
        device: 'desktop',
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: gameSessions.id });
    const status = round.status ?? BetStatus.Won;
    await db.insert(gameRounds).values({
      playerId,
      gameId,
      sessionId: session!.id,
      seedId: seed!.id,
      nonce,
      currency: account.currency,
      bet: 100,
      payout: status === BetStatus.Won ? 250 : 0,
      status,
      params: {},
      state: {},
      view: {},
      createdAt: new Date(round.at),
      settledAt: status === BetStatus.Open ? null : new Date(round.at),
    });
    nonce += 1;
  }
}

describe('played games and rounds', () => {
  let a: { token: string; playerId: string };
  let b: { token: string; playerId: string };
  beforeAll(async () => {
    a = await player();
    b = await player();
    await insertRounds(a.playerId, [
      { game: 'dice', at: '2025-01-01T10:00:00Z' },
      { game: 'plinko', at: '2025-01-01T11:00:00Z', status: BetStatus.Lost },
      { game: 'dice', at: '2025-01-01T12:00:00Z' },
      { game: 'mines', at: '2025-01-01T09:00:00Z', status: BetStatus.Open },
    ]);
  });

  it('GET /games/played lists each game once, the latest played first', async () => {
    const res = await call('GET', '/api/game/games/played', a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(identities(gameArraySchema.parse(res.json()))).toEqual(['dice', 'plinko', 'mines']);
  });

  it('GET /spins lists the player’s rounds newest first with their seed pair, paged', async () => {
    const res = await call('GET', '/api/game/spins?perPage=2', a.token);
    expect(res.statusCode, res.body).toBe(200);
    const spins = spinListSchema.parse(res.json());
    expect(spins.meta).toEqual({ page: 1, perPage: 2, totalPages: 2, totalRows: 4 });
    expect(spins.data.map((s) => [s.gameIdentity, s.nonce, s.status])).toEqual([
      ['dice', 2, BetStatus.Won],
      ['plinko', 1, BetStatus.Lost],
    ]);
    expect(spins.data[0]).toMatchObject({
      gameName: 'Dice',
      currency: 'GC',
      bet: 100,
      payout: 250,
      serverSeedHash: `hash-${a.playerId}`,
      clientSeed: `client-${a.playerId}`,
      createdAt: '2025-01-01T12:00:00.000Z',
    });
    const last = spinListSchema.parse(
      (await call('GET', '/api/game/spins?page=2&perPage=2', a.token)).json(),
    );
    expect(last.data.map((s) => [s.gameIdentity, s.settledAt])).toEqual([
      ['dice', '2025-01-01T10:00:00.000Z'],
      ['mines', null],
    ]);
  });

  it('never shows a player another player’s rounds', async () => {
    const played = gameArraySchema.parse(
      (await call('GET', '/api/game/games/played', b.token)).json(),
    );
    expect(played.data).toEqual([]);
    const spins = spinListSchema.parse((await call('GET', '/api/game/spins', b.token)).json());
    expect(spins.data).toEqual([]);
    expect(spins.meta.totalRows).toBe(0);
  });

  it('answers 400 naming the field for bad paging', async () => {
    const res = await call('GET', '/api/game/spins?page=0', a.token);
    expect(res.statusCode).toBe(400);
    expect(failedFields(res)).toContain('query.page');
  });
});

describe('login-only routes', () => {
  it.each([
    ['GET', '/api/game/games/favorites'],
    ['GET', '/api/game/games/played'],
    ['GET', '/api/game/spins'],
    ['POST', '/api/game/games/dice/favorite'],
    ['DELETE', '/api/game/games/dice/favorite'],
  ] as const)('%s %s answers 401 to a guest', async (method, url) => {
    const res = await call(method, url);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('UNAUTHENTICATED');
  });
});

describe('the catalog seed, run at every start', () => {
  const enabled = async (identity: string) => {
    const [row] = await t.database.db
      .select({ enabled: games.enabled, rtp: games.rtp })
      .from(games)
      .where(eq(games.identity, identity));
    return row;
  };

  it('switches a game off while its engine is missing and on again when it lands', async () => {
    await seedGames(t.database.db, (key) => (key === 'keno' ? undefined : allEngines(key)));
    expect(await enabled('keno')).toEqual({ enabled: false, rtp: '0.000' });
    expect((await call('GET', '/api/game/games/keno')).statusCode).toBe(404);
    expect(identities(await listGames('?collection=originals'))).not.toContain('keno');

    await seedGames(t.database.db, allEngines);
    expect(await enabled('keno')).toEqual({ enabled: true, rtp: (rtpOf('keno') * 100).toFixed(3) });
    expect((await call('GET', '/api/game/games/keno')).statusCode).toBe(200);
  });

  it('leaves a game an operator switched off switched off', async () => {
    await t.database.db.update(games).set({ enabled: false }).where(eq(games.identity, 'roulette'));
    await seedGames(t.database.db, allEngines);
    expect((await enabled('roulette'))?.enabled).toBe(false);
    expect((await call('GET', '/api/game/games/roulette')).statusCode).toBe(404);
    await t.database.db.update(games).set({ enabled: true }).where(eq(games.identity, 'roulette'));
  });
});

describe('OpenAPI of the game routes', () => {
  type Operation = { tags?: string[]; security?: unknown[]; responses?: Record<string, unknown> };

  it.each([
    ['get', '/api/game/collections'],
    ['get', '/api/game/providers'],
    ['get', '/api/game/games'],
    ['get', '/api/game/games/{id}'],
    ['get', '/api/game/games/favorites'],
    ['get', '/api/game/games/played'],
    ['post', '/api/game/games/{id}/favorite'],
    ['delete', '/api/game/games/{id}/favorite'],
    ['get', '/api/game/spins'],
  ])('%s %s is tagged and has a 200 response schema', async (method, path) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const op = res.json<{ paths: Record<string, Record<string, Operation>> }>().paths[path]?.[
      method
    ];
    expect(op?.tags).toEqual(['game']);
    expect(op?.responses?.['200']).toBeDefined();
  });
});
