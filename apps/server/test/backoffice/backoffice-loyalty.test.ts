import { describe, expect, it } from 'vitest';
import {
  adminLoyaltySublevelSchema,
  vipProgrammeSchema,
  type AdminLoyaltySublevel,
} from '@coinfall/shared';
import { failedFields, register } from '../player/player-fixtures.ts';
import { useLoyaltyDesk } from './loyalty-fixtures.ts';
import { errorCode, signedInStaff } from './staff-fixtures.ts';

describe('back office: the loyalty ladder (issue 17, decision 057)', () => {
  const desk = useLoyaltyDesk();
  const { call, ladder, account, givePoints, auditOf } = desk;
  const sublevel = async (levelSlug: string, order: number) => {
    const level = (await ladder()).find((l) => l.slug === levelSlug)!;
    return { level, sub: level.sublevels.find((s) => s.order === order)! };
  };
  const bodyOf = (s: AdminLoyaltySublevel, change: object) => ({
    label: s.label,
    bgColor: s.bgColor,
    image: s.image,
    bgImage: s.bgImage,
    order: s.order,
    points: s.points,
    rewardSlug: s.rewardSlug,
    reason: 'Ladder review',
    ...change,
  });
  it('an edited threshold and label change where a player stands and what they see, audited', async () => {
    const player = await register(desk.t);
    await givePoints(player.profile.id, 150);
    expect((await account(player.accessToken)).currentSublevel.label).toBe('Bronze II');

    const { sub } = await sublevel('bronze', 2);
    expect(sub.holders).toBeGreaterThanOrEqual(1);
    const res = await call(
      'PUT',
      `/api/admin/loyalty/sublevels/${sub.id}`,
      bodyOf(sub, { points: 200, label: 'Bronze Two' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(adminLoyaltySublevelSchema.parse(res.json())).toMatchObject({ points: 200 });

    // 150 points are now below the edited rung: the player is shown Bronze I, 50 to go.
    const after = await account(player.accessToken);
    expect(after.currentSublevel.label).toBe('Bronze I');
    expect(after).toMatchObject({
      nextSublevel: { sublevelLabel: 'Bronze Two', points: 200 },
      pointsToNextSublevel: 50,
    });
    const [row] = await auditOf('loyalty-sublevel', sub.id);
    expect(row).toMatchObject({
      action: 'loyalty.sublevel-updated',
      reason: 'Ladder review',
      before: { points: 100, label: 'Bronze II' },
      after: { points: 200, label: 'Bronze Two' },
    });

    // The player's highest sublevel reached is still that rung: it cannot be retired.
    const retire = await call('POST', `/api/admin/loyalty/sublevels/${sub.id}/retire`, {
      reason: 'Too many rungs',
    });
    expect(retire.statusCode, retire.body).toBe(409);
    expect(retire.json<{ message: string }>().message).toMatch(/players sit on/);
  });

  it('refuses bad input naming the field, and a threshold out of the ladder order', async () => {
    const { sub } = await sublevel('bronze', 3);
    const url = `/api/admin/loyalty/sublevels/${sub.id}`;
    const cases: [object, string][] = [
      [bodyOf(sub, { label: '' }), 'body.label'],
      [bodyOf(sub, { bgColor: 'gold' }), 'body.bgColor'],
      [bodyOf(sub, { image: 'http://x/y.png' }), 'body.image'],
      [bodyOf(sub, { points: -1 }), 'body.points'],
      // Silver I is at 500: Bronze III may not pass it.
      [bodyOf(sub, { points: 600 }), 'body.points'],
      [bodyOf(sub, { rewardSlug: 'no-such-bonus' }), 'body.rewardSlug'],
      [bodyOf(sub, { reason: '' }), 'body.reason'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('PUT', url, payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(failedFields(res), res.body).toContain(field);
    }
    const taken = await call('PUT', url, bodyOf(sub, { order: 1 }));
    expect(taken.statusCode, taken.body).toBe(409);
    expect(failedFields(taken)).toContain('body.order');
    expect((await sublevel('bronze', 3)).sub).toEqual(sub);
  });

  it('adds a sublevel, then retires it while no player sits on it', async () => {
    const { level, sub } = await sublevel('bronze', 3);
    const created = await call('POST', '/api/admin/loyalty/sublevels', {
      ...bodyOf(sub, { order: 4, points: sub.points + 1, label: 'Bronze IV', rewardSlug: null }),
      levelId: level.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const added = adminLoyaltySublevelSchema.parse(created.json());
    expect((await sublevel('bronze', 4)).sub).toMatchObject({ id: added.id, holders: 0 });

    const retire = await call('POST', `/api/admin/loyalty/sublevels/${added.id}/retire`, {
      reason: 'Trial over',
    });
    expect(retire.statusCode, retire.body).toBe(204);
    expect((await sublevel('bronze', 4)).level.sublevels).toHaveLength(3);
    expect((await auditOf('loyalty-sublevel', added.id)).map((e) => e.action).sort()).toEqual([
      'loyalty.sublevel-created',
      'loyalty.sublevel-retired',
    ]);
  });

  it("edits a level's label and keeps support staff out", async () => {
    const { level } = await sublevel('silver', 1);
    const res = await call('PUT', `/api/admin/loyalty/levels/${level.id}`, {
      label: 'Argent',
      bgColor: level.bgColor,
      image: level.image,
      bgImage: level.bgImage,
      reason: 'Rebrand',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await sublevel('silver', 1)).level.label).toBe('Argent');
    const support = await signedInStaff(desk.t, 'support');
    const denied = await desk.t.app.inject({
      method: 'GET',
      url: '/api/admin/loyalty/ladder',
      headers: support.headers,
    });
    expect(errorCode(denied.body)).toBe('FORBIDDEN');
  });

  describe('PUT /api/admin/loyalty/levels/:id/benefits (decision 061)', () => {
    const benefits = (id: number, body: object) =>
      call('PUT', `/api/admin/loyalty/levels/${id}/benefits`, body);
    const programme = async () => {
      const res = await desk.t.app.inject({ method: 'GET', url: '/api/retention/vip/programme' });
      expect(res.statusCode, res.body).toBe(200);
      return vipProgrammeSchema.parse(res.json()).levels;
    };

    it('refuses out-of-bounds benefits, and benefits on a level that is not VIP, naming the field', async () => {
      const [bronze, , , platinum] = await ladder();
      expect(bronze).toMatchObject({ vip: false, dailyBonusPercent: 100, rakebackPercent: 0 });
      const ok = { vip: true, dailyBonusPercent: 150, rakebackPercent: 5, personalHost: true };
      const bad: [number, object, string][] = [
        [platinum!.id, { ...ok, dailyBonusPercent: 99, reason: 'Cut' }, 'body.dailyBonusPercent'],
        [platinum!.id, { ...ok, dailyBonusPercent: 501, reason: 'Up' }, 'body.dailyBonusPercent'],
        [platinum!.id, { ...ok, rakebackPercent: 51, reason: 'Up' }, 'body.rakebackPercent'],
        [platinum!.id, { ...ok, rakebackPercent: 2.5, reason: 'Up' }, 'body.rakebackPercent'],
        [platinum!.id, ok, 'body.reason'],
        [bronze!.id, { ...ok, vip: false, reason: 'Sneaky' }, 'body.rakebackPercent'],
        [bronze!.id, { ...ok, vip: false, reason: 'Sneaky' }, 'body.personalHost'],
      ];
      for (const [id, body, field] of bad) {
        const res = await benefits(id, body);
        expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
        expect(failedFields(res), res.body).toContain(field);
      }
      expect((await benefits(2_000_000_000, { ...ok, reason: 'None' })).statusCode).toBe(404);
      const support = await signedInStaff(desk.t, 'support');
      const denied = await desk.t.app.inject({
        method: 'PUT',
        url: `/api/admin/loyalty/levels/${platinum!.id}/benefits`,
        headers: support.headers,
        payload: { ...ok, reason: 'Not mine' },
      });
      expect(errorCode(denied.body)).toBe('FORBIDDEN');
      expect(await auditOf('loyalty-level', platinum!.id)).toEqual([]);
    });

    it('edits a level’s benefits, audited, and players see them at once', async () => {
      const levels = await ladder();
      const platinum = levels.find((l) => l.slug === 'platinum')!;
      const gold = levels.find((l) => l.slug === 'gold')!;
      expect(gold.vip).toBe(false);
      const res = await benefits(platinum.id, {
        vip: true,
        dailyBonusPercent: 250,
        rakebackPercent: 12,
        personalHost: false,
        reason: 'Winter VIP push',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ dailyBonusPercent: 250, rakebackPercent: 12 });
      const [row] = await auditOf('loyalty-level', platinum.id);
      expect(row).toMatchObject({
        action: 'loyalty.level-benefits-updated',
        staffId: desk.marketing.id,
        reason: 'Winter VIP push',
        before: { vip: true, dailyBonusPercent: 150, rakebackPercent: 5, personalHost: true },
        after: { vip: true, dailyBonusPercent: 250, rakebackPercent: 12, personalHost: false },
      });
      // Gold becomes VIP: the player programme lists it, with its benefits.
      const promoted = await benefits(gold.id, {
        vip: true,
        dailyBonusPercent: 120,
        rakebackPercent: 2,
        personalHost: false,
        reason: 'Gold joins VIP',
      });
      expect(promoted.statusCode, promoted.body).toBe(200);
      const shown = await programme();
      expect(shown.map((l) => l.levelSlug)).toEqual(['gold', 'platinum', 'diamond']);
      expect(shown.find((l) => l.levelSlug === 'platinum')).toMatchObject({
        dailyBonusPercent: 250,
        rakebackPercent: 12,
        personalHost: false,
      });
      expect(shown.find((l) => l.levelSlug === 'gold')).toMatchObject({ rakebackPercent: 2 });
    });
  });
});
