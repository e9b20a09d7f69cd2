import { describe, expect, it } from 'vitest';
import { adminLoyaltyLevelSchema, type AdminLoyaltyLevel } from '@coinfall/shared';
import { failedFields, register } from '../player/player-fixtures.ts';
import { useLoyaltyDesk } from './loyalty-fixtures.ts';
import { errorCode } from './staff-fixtures.ts';

describe('PUT /api/admin/loyalty/levels/:id: slug and order (decision 066)', () => {
  const desk = useLoyaltyDesk();
  const { call, ladder, account, givePoints } = desk;
  const level = async (slug: string) => (await ladder()).find((l) => l.slug === slug)!;
  const edit = (l: AdminLoyaltyLevel, change: object) =>
    call('PUT', `/api/admin/loyalty/levels/${l.id}`, {
      label: l.label,
      bgColor: l.bgColor,
      image: l.image,
      bgImage: l.bgImage,
      reason: 'Ladder review',
      ...change,
    });
  const auditOf = (targetId: number) => desk.auditOf('loyalty-level', targetId);

  it('renames a slug, audited; a player on the level keeps their sublevel under the new slug', async () => {
    const player = await register(desk.t);
    await givePoints(player.profile.id, 150);
    const before = await account(player.accessToken);
    expect(before.currentLevel.slug).toBe('bronze');

    const bronze = await level('bronze');
    const res = await edit(bronze, { slug: 'copper' });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminLoyaltyLevelSchema.parse(res.json())).toMatchObject({
      id: bronze.id,
      slug: 'copper',
    });

    const after = await account(player.accessToken);
    expect(after.currentLevel).toMatchObject({ id: bronze.id, slug: 'copper' });
    expect(after.currentSublevel).toEqual(before.currentSublevel);
    const [entry] = await auditOf(bronze.id);
    expect(entry).toMatchObject({
      action: 'loyalty.level-updated',
      staffId: desk.marketing.id,
      before: { slug: 'bronze' },
      after: { slug: 'copper' },
    });
  });

  it('refuses a malformed slug (400) and one another level has (409), naming the field', async () => {
    const silver = await level('silver');
    for (const slug of ['Silver Two', 'a', '-x', 'x'.repeat(41)]) {
      const res = await edit(silver, { slug });
      expect(res.statusCode, `${slug}: ${res.body}`).toBe(400);
      expect(failedFields(res)).toContain('body.slug');
    }
    const taken = await edit(silver, { slug: 'gold' });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(errorCode(taken.body)).toBe('CONFLICT');
    expect(failedFields(taken)).toContain('body.slug');
    expect(await level('silver')).toEqual(silver);
    expect(await auditOf(silver.id)).toEqual([]);
  });

  it('refuses an order that would break the growing thresholds, or past the end, naming the field', async () => {
    const gold = await level('gold');
    for (const order of [1, 4]) {
      const res = await edit(gold, { order });
      expect(res.statusCode, res.body).toBe(400);
      expect(failedFields(res)).toContain('body.order');
    }
    const past = await edit(gold, { order: 9 });
    expect(past.statusCode, past.body).toBe(400);
    expect(failedFields(past)).toContain('body.order');
    expect((await ladder()).map((l) => [l.slug, l.order])).toEqual([
      ['copper', 1],
      ['silver', 2],
      ['gold', 3],
      ['platinum', 4],
      ['diamond', 5],
    ]);
    expect(await auditOf(gold.id)).toEqual([]);
  });

  it('moves a level without sublevels to the top, the others closing up, audited; players stay put', async () => {
    const player = await register(desk.t);
    await givePoints(player.profile.id, 600);
    const standing = await account(player.accessToken);
    expect(standing.currentSublevel.label).toBe('Silver I');

    // Diamond's sublevels retired, it holds no thresholds: it may go anywhere.
    const diamond = await level('diamond');
    for (const sub of diamond.sublevels.slice(1).reverse()) {
      const res = await call('POST', `/api/admin/loyalty/sublevels/${sub.id}/retire`, {
        reason: 'Diamond rework',
      });
      expect(res.statusCode, res.body).toBe(204);
    }
    // Its last sublevel is the ladder's top: retired too, leaving it empty.
    const last = diamond.sublevels[0]!;
    expect(
      (await call('POST', `/api/admin/loyalty/sublevels/${last.id}/retire`, { reason: 'Rework' }))
        .statusCode,
    ).toBe(204);

    const res = await edit(await level('diamond'), { order: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ladder()).map((l) => [l.slug, l.order])).toEqual([
      ['diamond', 1],
      ['copper', 2],
      ['silver', 3],
      ['gold', 4],
      ['platinum', 5],
    ]);
    const moved = await account(player.accessToken);
    expect(moved.currentSublevel).toEqual(standing.currentSublevel);
    expect(moved.currentLevel).toMatchObject({ slug: 'silver', order: 3 });
    const [entry] = await auditOf(diamond.id);
    expect(entry).toMatchObject({
      action: 'loyalty.level-updated',
      reason: 'Ladder review',
      before: { order: 5 },
      after: { order: 1 },
    });

    // And back down one place: still no threshold moves.
    const down = await edit(await level('diamond'), { order: 2 });
    expect(down.statusCode, down.body).toBe(200);
    expect((await ladder()).slice(0, 2).map((l) => l.slug)).toEqual(['copper', 'diamond']);
  });
});
