import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { GeoLocation } from '@coinfall/shared';
import { players, playerSessions } from '../../src/db/schema/index.ts';
import { US_REGIONS } from '../../src/modules/geo/geo.fns.ts';
import { wireGeo } from '../../src/modules/geo/geo.wiring.ts';
import { createJurisdictionRepo } from '../../src/modules/protection/jurisdiction.repo.ts';
import {
  createJurisdictionService,
  type JurisdictionService,
} from '../../src/modules/protection/jurisdiction.service.ts';
import { createTestApp, operatorHeaders, type TestApp } from '../test-app.ts';
import { register } from '../player/player-fixtures.ts';

/**
 * `sweepsPlayOf`: the batched round writer's one question for many players — the answer of
 * `allowsSweepsPlay` for each, from the profile, the last location and the last IP country, in
 * a fixed number of reads. Washington refuses Sweeps Coins in the seeded table; Texas has no
 * rule; Great Britain's refusing rule is put here.
 */
const SEATTLE = { lat: 47.6062, lon: -122.3321 };
const AUSTIN = { lat: 30.2672, lon: -97.7431 };
const MINUTE = 60_000;

let t: TestApp;
let jurisdiction: JurisdictionService;
const reads = { placesOf: 0, rulesOfCountries: 0, usStateAt: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/dev/protection/jurisdictions',
    headers: operatorHeaders(),
    payload: {
      country: 'GB',
      region: '',
      sweepsPlay: false,
      purchaseBonuses: false,
      redemptions: false,
      effectiveFrom: new Date(Date.now() - MINUTE).toISOString(),
      redemptionWindDownUntil: null,
      note: 'test: not offered in Great Britain',
    },
  });
  expect(put.statusCode, put.body).toBe(200);

  // The service as the app wires it, its reads counted.
  const repo = createJurisdictionRepo(t.database.db);
  const geo = wireGeo();
  jurisdiction = createJurisdictionService({
    repo: {
      ...repo,
      placesOf: (tx, ids) => ((reads.placesOf += 1), repo.placesOf(tx, ids)),
      rulesOfCountries: (tx, countries) => (
        (reads.rulesOfCountries += 1),
        repo.rulesOfCountries(tx, countries)
      ),
    },
    regionCodes: US_REGIONS,
    usStateAt: (point) => ((reads.usStateAt += 1), geo.usStateAt(point)),
  });
});
afterAll(async () => t?.close());

const resetReads = () => {
  for (const key of Object.keys(reads) as (keyof typeof reads)[]) reads[key] = 0;
};

/** A registered player with this profile place. */
async function playerIn(country: string | null, region: string | null): Promise<string> {
  const { profile } = await register(t);
  await t.database.db.update(players).set({ country, region }).where(eq(players.id, profile.id));
  return profile.id;
}

/** A session of the player last seen `minutesAgo`, with what its login or refresh recorded. */
async function sessionOf(
  playerId: string,
  minutesAgo: number,
  origin: { location?: GeoLocation; ipCountry?: string },
): Promise<void> {
  const at = new Date(Date.now() - minutesAgo * MINUTE);
  await t.database.db.insert(playerSessions).values({
    playerId,
    device: { type: 'desktop' },
    location: origin.location ?? null,
    ipCountry: origin.ipCountry ?? null,
    createdAt: at,
    lastSeenAt: at,
  });
}

describe('sweepsPlayOf', () => {
  it('answers for many players at once what allowsSweepsPlay answers for each', async () => {
    const texas = await playerIn('US', 'TX');
    const britain = await playerIn('gb', null);
    const washington = await playerIn('US', 'Washington');
    const nowhere = await playerIn(null, null);

    // The IP country of the latest session that recorded one: a later session without one
    // does not clear it, and an earlier refusing one is superseded.
    const ipBritain = await playerIn('US', 'TX');
    await sessionOf(ipBritain, 30, { ipCountry: 'US' });
    await sessionOf(ipBritain, 10, { ipCountry: 'gb' });
    await sessionOf(ipBritain, 1, { location: AUSTIN });
    const ipBackHome = await playerIn('US', 'TX');
    await sessionOf(ipBackHome, 30, { ipCountry: 'GB' });
    await sessionOf(ipBackHome, 5, { ipCountry: 'US' });

    // The location, the same way; Seattle is in Washington.
    const inSeattle = await playerIn('US', 'TX');
    await sessionOf(inSeattle, 20, { location: AUSTIN });
    await sessionOf(inSeattle, 2, { location: SEATTLE, ipCountry: 'US' });
    const backInAustin = await playerIn('US', 'TX');
    await sessionOf(backInAustin, 20, { location: SEATTLE });
    await sessionOf(backInAustin, 2, { location: AUSTIN });
    // Seattle from a location, Great Britain from the IP, Washington from the profile: refused.
    const everywhere = await playerIn('US', 'WA');
    await sessionOf(everywhere, 3, { location: SEATTLE });
    await sessionOf(everywhere, 4, { ipCountry: 'GB' });

    const unknown = randomUUID();
    const expected = new Map([
      [texas, true],
      [britain, false],
      [washington, false],
      [nowhere, true],
      [ipBritain, false],
      [ipBackHome, true],
      [inSeattle, false],
      [backInAustin, true],
      [everywhere, false],
      [unknown, true],
    ]);
    const ids = [...expected.keys()];

    resetReads();
    const many = await t.database.db.transaction((tx) => jurisdiction.sweepsPlayOf(tx, ids));
    expect(many).toEqual(expected);
    // One read of each kind for all of them; the state of each distinct location asked once.
    expect(reads).toEqual({ placesOf: 1, rulesOfCountries: 1, usStateAt: 2 });

    const oneByOne = new Map<string, boolean>();
    for (const id of ids) {
      oneByOne.set(
        id,
        await t.database.db.transaction((tx) => jurisdiction.allowsSweepsPlay(tx, id)),
      );
    }
    expect(oneByOne).toEqual(many);
  });

  it('answers a player asked twice once', async () => {
    const washington = await playerIn('US', 'WA');
    const texas = await playerIn('US', 'TX');
    const answer = await t.database.db.transaction((tx) =>
      jurisdiction.sweepsPlayOf(tx, [washington, texas, washington]),
    );
    expect(answer).toEqual(
      new Map([
        [washington, false],
        [texas, true],
      ]),
    );
  });

  it('answers an empty list with an empty map, reading nothing', async () => {
    resetReads();
    const answer = await t.database.db.transaction((tx) => jurisdiction.sweepsPlayOf(tx, []));
    expect(answer).toEqual(new Map());
    expect(reads).toEqual({ placesOf: 0, rulesOfCountries: 0, usStateAt: 0 });
  });
});
