import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminBundleListSchema,
  adminBundleSchema,
  adminCatalogGameListSchema,
  adminCatalogGameSchema,
  adminCollectionListSchema,
  auditListSchema,
  bundleListSchema,
  gameListSchema,
} from '@coinfall/shared';
import { bearer, errorOf, failedFields, register } from '../player/player-fixtures.ts';
import { eq } from 'drizzle-orm';
import { players } from '../../src/db/schema/index.ts';
import { payingPlayer, post } from '../payment/payment-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

/**
 * The catalog and the shop in the back office (issue 17, decision 043): marketing switches a
 * game off and the lobby, the game page and the launch lose it at their next request; a bundle's
 * new price is the shop's at once; every change is audited with before and after.
 */
let t: TestApp;
let marketing: SignedInStaff;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  marketing = await signedInStaff(t, 'marketing');
  admin = await signedInStaff(t, 'admin');
});
afterAll(async () => t?.close());

const staffCall = (staff: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) });

async function gameByIdentity(identity: string) {
  const res = await staffCall(marketing, 'GET', `/api/admin/catalog/games?q=${identity}`);
  expect(res.statusCode, res.body).toBe(200);
  const game = adminCatalogGameListSchema
    .parse(res.json())
    .data.find((g) => g.identity === identity);
  expect(game).toBeDefined();
  return game!;
}

async function lobbyIdentities(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/game/games?perPage=100' });
  expect(res.statusCode, res.body).toBe(200);
  return gameListSchema.parse(res.json()).data.map((g) => g.identity);
}

async function auditOf(targetId: string) {
  const res = await staffCall(admin, 'GET', `/api/admin/audit?targetId=${targetId}`);
  return auditListSchema.parse(res.json()).data;
}

describe('POST /api/admin/catalog/games/{id}', () => {
  it('switches a game off: gone from the lobby, its page and its launch; on again, it is back', async () => {
    const dice = await gameByIdentity('dice');
    expect(dice.enabled).toBe(true);
    expect(await lobbyIdentities()).toContain('dice');
    const player = await register(t);

    const off = await staffCall(marketing, 'POST', `/api/admin/catalog/games/${dice.id}`, {
      enabled: false,
      reason: 'Provider maintenance',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(adminCatalogGameSchema.parse(off.json()).enabled).toBe(false);

    expect(await lobbyIdentities()).not.toContain('dice');
    const page = await t.app.inject({ method: 'GET', url: '/api/game/games/dice' });
    expect(page.statusCode).toBe(404);
    const launch = await t.app.inject({
      method: 'POST',
      url: '/api/game/games/dice/play',
      headers: bearer(player.accessToken),
      payload: {},
    });
    expect(launch.statusCode, launch.body).toBe(404);
    // Staff still see it (to switch it on again).
    expect((await gameByIdentity('dice')).enabled).toBe(false);

    const [row] = await auditOf(String(dice.id));
    expect(row).toMatchObject({
      action: 'catalog.game-updated',
      staffId: marketing.id,
      targetType: 'game',
      before: { enabled: true },
      after: { enabled: false },
      reason: 'Provider maintenance',
    });

    const on = await staffCall(marketing, 'POST', `/api/admin/catalog/games/${dice.id}`, {
      enabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(await lobbyIdentities()).toContain('dice');
  });

  it('sets the collections (exactly those) and the order', async () => {
    const collections = adminCollectionListSchema.parse(
      (await staffCall(marketing, 'GET', '/api/admin/catalog/collections')).json(),
    ).data;
    const target = collections.find((c) => c.countries.length === 0)!;
    const keno = await gameByIdentity('keno');
    const res = await staffCall(marketing, 'POST', `/api/admin/catalog/games/${keno.id}`, {
      collections: [target.identity],
      position: 7,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminCatalogGameSchema.parse(res.json())).toMatchObject({
      collections: [target.identity],
      position: 7,
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/game/games?collection=${target.identity}&perPage=100`,
    });
    expect(gameListSchema.parse(listed.json()).data.map((g) => g.identity)).toContain('keno');
    const [row] = await auditOf(String(keno.id));
    expect(row).toMatchObject({ before: { position: keno.position }, after: { position: 7 } });
    expect((row!.before as { collections: string[] }).collections).toEqual(keno.collections);
  });

  it('answers 400 naming the field: an unknown collection, nothing to change, a wrong type', async () => {
    const keno = await gameByIdentity('keno');
    const url = `/api/admin/catalog/games/${keno.id}`;
    const unknown = await staffCall(marketing, 'POST', url, { collections: ['no-such'] });
    expect(unknown.statusCode).toBe(400);
    expect(failedFields(unknown)).toEqual(['body.collections']);
    const empty = await staffCall(marketing, 'POST', url, { reason: 'nothing' });
    expect(empty.statusCode).toBe(400);
    expect(failedFields(empty)).toEqual(['body.enabled']);
    const wrong = await staffCall(marketing, 'POST', url, { enabled: 'yes', position: -1 });
    expect(wrong.statusCode).toBe(400);
    expect(failedFields(wrong).sort()).toEqual(['body.enabled', 'body.position']);
    const missing = await staffCall(marketing, 'POST', '/api/admin/catalog/games/999999', {
      enabled: false,
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('NOT_FOUND');
  });
});

describe('a game’s own countries (decision 055)', () => {
  it('keeps a game to its countries: the lobby, its page and the launch refuse elsewhere', async () => {
    const keno = await gameByIdentity('keno');
    const url = `/api/admin/catalog/games/${keno.id}`;
    const res = await staffCall(marketing, 'POST', url, {
      countries: ['CA', 'CA'],
      reason: 'Licensed in Canada only',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminCatalogGameSchema.parse(res.json()).countries).toEqual(['CA']);
    const [row] = await auditOf(String(keno.id));
    expect(row).toMatchObject({ before: { countries: [] }, after: { countries: ['CA'] } });

    const inCountry = async (country: string) => {
      const player = await register(t);
      await t.database.db.update(players).set({ country }).where(eq(players.id, player.profile.id));
      return bearer(player.accessToken);
    };
    const lobbyOf = async (headers: Record<string, string> = {}) =>
      gameListSchema
        .parse(
          (
            await t.app.inject({ method: 'GET', url: '/api/game/games?perPage=100', headers })
          ).json(),
        )
        .data.map((g) => g.identity);
    const us = await inCountry('US');
    const ca = await inCountry('CA');
    expect(await lobbyOf()).not.toContain('keno');
    expect(await lobbyOf(us)).not.toContain('keno');
    expect(await lobbyOf(ca)).toContain('keno');
    const page = await t.app.inject({ method: 'GET', url: '/api/game/games/keno', headers: us });
    expect(page.statusCode).toBe(403);
    expect(errorOf(page).code).toBe('GAME_UNAVAILABLE');
    const launch = await t.app.inject({
      method: 'POST',
      url: '/api/game/games/keno/play',
      headers: us,
      payload: {},
    });
    expect(launch.statusCode, launch.body).toBe(403);
    expect(errorOf(launch).code).toBe('GAME_UNAVAILABLE');
    const canadian = await t.app.inject({
      method: 'GET',
      url: '/api/game/games/keno',
      headers: ca,
    });
    expect(canadian.statusCode).toBe(200);

    const bad = await staffCall(marketing, 'POST', url, { countries: ['Canada'] });
    expect(bad.statusCode).toBe(400);
    expect(failedFields(bad)).toEqual(['body.countries.0']);
    await staffCall(marketing, 'POST', url, { countries: [] });
    expect(await lobbyOf()).toContain('keno');
  });
});

describe('POST /api/admin/catalog/collections/{id}', () => {
  it('restricts a collection to countries: a guest can no longer browse it', async () => {
    const collections = adminCollectionListSchema.parse(
      (await staffCall(marketing, 'GET', '/api/admin/catalog/collections')).json(),
    ).data;
    const open = collections.find((c) => c.countries.length === 0 && c.games > 0)!;
    const url = `/api/game/games?collection=${open.identity}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const res = await staffCall(marketing, 'POST', `/api/admin/catalog/collections/${open.id}`, {
      countries: ['US', 'CA', 'US'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ countries: ['CA', 'US'] });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    const bad = await staffCall(marketing, 'POST', `/api/admin/catalog/collections/${open.id}`, {
      countries: ['usa'],
    });
    expect(bad.statusCode).toBe(400);
    expect(failedFields(bad)).toEqual(['body.countries.0']);
    await staffCall(marketing, 'POST', `/api/admin/catalog/collections/${open.id}`, {
      countries: [],
    });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});

describe('POST /api/admin/catalog/bundles/{id}', () => {
  it('changes a bundle’s price and coins, shown by the shop at once; off sale, it leaves the shop', async () => {
    const list = adminBundleListSchema.parse(
      (await staffCall(marketing, 'GET', '/api/admin/catalog/bundles')).json(),
    ).data;
    const bundle = list.find((b) => b.active)!;
    const url = `/api/admin/catalog/bundles/${bundle.id}`;
    const res = await staffCall(marketing, 'POST', url, {
      priceAmount: bundle.priceAmount + 100,
      goldCoins: bundle.goldCoins * 2,
      reason: 'Double coins week',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminBundleSchema.parse(res.json())).toMatchObject({
      priceAmount: bundle.priceAmount + 100,
      goldCoins: bundle.goldCoins * 2,
    });
    const shop = async () =>
      bundleListSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/shop/bundles?active=1' })).json(),
      ).data;
    expect((await shop()).find((b) => b.id === bundle.id)).toMatchObject({
      price: { amount: bundle.priceAmount + 100 },
      goldCoins: bundle.goldCoins * 2,
    });
    const [row] = await auditOf(String(bundle.id));
    expect(row).toMatchObject({
      action: 'catalog.bundle-updated',
      before: { priceAmount: bundle.priceAmount, goldCoins: bundle.goldCoins },
      after: { priceAmount: bundle.priceAmount + 100, goldCoins: bundle.goldCoins * 2 },
      reason: 'Double coins week',
    });

    const off = await staffCall(marketing, 'POST', url, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await shop()).map((b) => b.id)).not.toContain(bundle.id);

    const zero = await staffCall(marketing, 'POST', url, { priceAmount: 0, sweepsCoins: 1.5 });
    expect(zero.statusCode).toBe(400);
    expect(failedFields(zero).sort()).toEqual(['body.priceAmount', 'body.sweepsCoins']);

    await staffCall(marketing, 'POST', url, {
      priceAmount: bundle.priceAmount,
      goldCoins: bundle.goldCoins,
      active: true,
    });
  });

  it('sells a bundle only inside its window: not listed, not purchasable outside it', async () => {
    const list = adminBundleListSchema.parse(
      (await staffCall(marketing, 'GET', '/api/admin/catalog/bundles')).json(),
    ).data;
    const bundle = list.find((b) => b.active && b.identity !== 'silver')!;
    const url = `/api/admin/catalog/bundles/${bundle.id}`;
    const onSale = async () =>
      bundleListSchema
        .parse((await t.app.inject({ method: 'GET', url: '/api/shop/bundles?active=1' })).json())
        .data.some((b) => b.id === bundle.id);
    const { token } = await payingPlayer(t);
    const buy = () => post(t, '/api/shop/purchases', token, { bundleId: bundle.id });

    const later = new Date(Date.now() + 86_400_000).toISOString();
    const res = await staffCall(marketing, 'POST', url, {
      startsAt: later,
      reason: 'Weekend sale',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminBundleSchema.parse(res.json())).toMatchObject({ startsAt: later, endsAt: null });
    expect(await onSale()).toBe(false);
    const early = await buy();
    expect(early.statusCode, early.body).toBe(400);
    expect(failedFields(early)).toEqual(['body.bundleId']);
    const [row] = await auditOf(String(bundle.id));
    expect(row).toMatchObject({ before: { startsAt: null }, after: { startsAt: later } });

    // An end before the start is refused naming the field; nothing changes.
    const before = await staffCall(marketing, 'POST', url, {
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(before.statusCode).toBe(400);
    expect(failedFields(before)).toEqual(['body.endsAt']);
    const both = await staffCall(marketing, 'POST', url, { startsAt: later, endsAt: later });
    expect(failedFields(both)).toEqual(['body.endsAt']);
    // A date the database cannot hold (year 0) is the staff member's input: 400, not 500.
    const yearZero = await staffCall(marketing, 'POST', url, { startsAt: '0000-01-01T00:00:00Z' });
    expect(yearZero.statusCode, yearZero.body).toBe(400);
    expect(failedFields(yearZero)).toEqual(['body.startsAt']);

    // Ended a minute ago: still off sale. Open again: listed and sold.
    const ended = await staffCall(marketing, 'POST', url, {
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      endsAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await onSale()).toBe(false);
    expect((await buy()).statusCode).toBe(400);
    const open = await staffCall(marketing, 'POST', url, { startsAt: null, endsAt: null });
    expect(open.statusCode, open.body).toBe(200);
    expect(await onSale()).toBe(true);
    expect((await buy()).statusCode).toBe(200);
  });

  it('is closed to support and finance (403)', async () => {
    for (const role of ['support', 'finance'] as const) {
      const staff = await signedInStaff(t, role);
      const res = await staffCall(staff, 'GET', '/api/admin/catalog/bundles');
      expect(res.statusCode).toBe(403);
    }
  });
});
