import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminSegmentListSchema,
  adminSegmentSchema,
  auditListSchema,
  playerSegmentListSchema,
} from '@coinfall/shared';
import {
  bonusDefinitions,
  players,
  quests,
  segmentMemberships,
} from '../../src/db/schema/index.ts';
import { SEGMENT_IDS } from '../../src/db/seed/reference-data.ts';
import { failedFields, register } from '../player/player-fixtures.ts';
import { createTestApp, drainOutbox, type TestApp } from '../test-app.ts';
import { errorCode, signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

describe('back office: the segment rule editor (issue 19, decision 062)', () => {
  let t: TestApp;
  let marketing: SignedInStaff;
  let admin: SignedInStaff;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
    // The tests drive the re-check job themselves, batch by batch (one test starts it again).
    await t.app.segments.recheck.stop();
    marketing = await signedInStaff(t, 'marketing');
    admin = await signedInStaff(t, 'admin');
  });
  afterAll(async () => t?.close());

  /**
   * Every unfinished re-check run to its end, as the job's loop would, once the outbox's handlers
   * are done with the test's new players: on PostgreSQL a handler's player lock and a batch's
   * could deadlock, which the loop survives (it retries at its next poll) but a direct call not.
   */
  const recheckAll = async () => {
    await drainOutbox(t);
    await t.app.segments.recheck.runDue();
  };
  /** One batch of `players`, after the outbox's handlers (as above). */
  const recheckStep = async (players: number) => {
    await drainOutbox(t);
    return t.app.segments.recheck.step(players);
  };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = marketing) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const body = (over: object = {}) => ({
    name: 'Antarctic players',
    description: 'Players whose profile says Antarctica',
    rule: [{ kind: 'country', in: ['aq'] }],
    reason: 'Polar campaign',
    ...over,
  });
  /** A registered player whose profile country is `country`. */
  const playerIn = async (country: string) => {
    const player = await register(t);
    await t.database.db.update(players).set({ country }).where(eq(players.id, player.profile.id));
    return player.profile.id;
  };
  const segmentIdsOf = async (playerId: string) =>
    (await t.database.db.select().from(players).where(eq(players.id, playerId)))[0]!.segmentIds;
  const membership = async (playerId: string, segmentId: number) =>
    (
      await t.database.db
        .select()
        .from(segmentMemberships)
        .where(
          and(
            eq(segmentMemberships.playerId, playerId),
            eq(segmentMemberships.segmentId, segmentId),
          ),
        )
    )[0];

  it('lists every segment: flags read only with no rule, Purchasers read only, the rest editable', async () => {
    const res = await call('GET', '/api/admin/segments');
    expect(res.statusCode, res.body).toBe(200);
    const data = adminSegmentListSchema.parse(res.json()).data;
    const byId = new Map(data.map((s) => [s.id, s]));
    expect(byId.get(SEGMENT_IDS.testers)).toMatchObject({ rule: null, editable: false });
    expect(byId.get(SEGMENT_IDS.purchasers)).toMatchObject({
      rule: [{ kind: 'purchaser' }],
      editable: false,
    });
    expect(byId.get(SEGMENT_IDS.vip)).toMatchObject({
      rule: [{ kind: 'loyaltyLevel', atLeast: 4 }],
      editable: true,
    });
  });

  const segmentNow = async (id: number) =>
    adminSegmentSchema.parse((await call('GET', `/api/admin/segments/${id}`)).json());

  it('a created rule answers re-checking, and the job takes in the player it matches; edits move them out and back, audited', async () => {
    const inside = await playerIn('AQ');
    const outside = await playerIn('TV');

    const created = await call('POST', '/api/admin/segments', body());
    expect(created.statusCode, created.body).toBe(201);
    const segment = adminSegmentSchema.parse(created.json());
    expect(segment).toMatchObject({
      name: 'Antarctic players',
      description: 'Players whose profile says Antarctica',
      rule: [{ kind: 'country', in: ['AQ'] }],
      editable: true,
      members: 0,
      rulesVersion: 1,
      state: 're-checking',
      progress: { checked: 0 },
      retiredAt: null,
    });
    expect(segment.progress.total).toBeGreaterThanOrEqual(2);
    expect(segment.id).toBeGreaterThan(SEGMENT_IDS.vip);
    await recheckAll();
    const current = await segmentNow(segment.id);
    expect(current.state).toBe('current');
    expect(current.members).toBe(1);
    expect(current.progress.checked).toBe(current.progress.total);
    expect(current.recheckFinishedAt).not.toBeNull();
    expect(await segmentIdsOf(inside)).toContain(segment.id);
    expect(await segmentIdsOf(outside)).not.toContain(segment.id);
    const since = (await membership(inside, segment.id))?.since;
    expect(since).toBeInstanceOf(Date);
    // Every reader of membership sees it: the back office's player page among them.
    const seen = await call('GET', `/api/admin/players/${inside}/segments`, undefined, admin);
    expect(playerSegmentListSchema.parse(seen.json()).data.map((s) => s.id)).toContain(segment.id);

    const moved = await call(
      'PUT',
      `/api/admin/segments/${segment.id}`,
      body({ name: 'Tuvalu players', rule: [{ kind: 'country', in: ['TV'] }] }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(adminSegmentSchema.parse(moved.json())).toMatchObject({
      name: 'Tuvalu players',
      rulesVersion: 2,
      state: 're-checking',
      progress: { checked: 0 },
    });
    // The edit answered before any player was re-checked: the old member is still in.
    expect(await segmentIdsOf(inside)).toContain(segment.id);
    await recheckAll();
    expect(await segmentNow(segment.id)).toMatchObject({ state: 'current', members: 1 });
    expect(await segmentIdsOf(inside)).not.toContain(segment.id);
    expect(await membership(inside, segment.id)).toBeUndefined();
    expect(await segmentIdsOf(outside)).toContain(segment.id);

    // A second condition that holds for no one empties it.
    const narrowed = await call(
      'PUT',
      `/api/admin/segments/${segment.id}`,
      body({ rule: [{ kind: 'country', in: ['TV'] }, { kind: 'purchaser' }] }),
    );
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    await recheckAll();
    expect((await segmentNow(segment.id)).members).toBe(0);
    expect(await segmentIdsOf(outside)).not.toContain(segment.id);

    const audit = await call(
      'GET',
      `/api/admin/audit?targetId=${segment.id}&perPage=100`,
      undefined,
      admin,
    );
    const rows = auditListSchema
      .parse(audit.json())
      .data.filter((e) => e.targetType === 'segment')
      .sort((a, b) => a.id.localeCompare(b.id, undefined, { numeric: true }));
    expect(rows.map((r) => r.action)).toEqual([
      'segment.created',
      'segment.updated',
      'segment.updated',
    ]);
    expect(rows.every((r) => r.reason === 'Polar campaign')).toBe(true);
    expect(rows[0]!.staffId).toBe(marketing.id);
    expect(rows[1]!.before).toMatchObject({ name: 'Antarctic players' });
    expect(rows[1]!.after).toMatchObject({ name: 'Tuvalu players' });
  });

  it('400 names the field at fault; nothing is created', async () => {
    const cases: [object, string][] = [
      [{ rule: [{ kind: 'new', days: 0 }] }, 'body.rule.0.days'],
      [
        {
          rule: [
            { kind: 'country', in: ['AQ'] },
            { kind: 'country', in: ['USA'] },
          ],
        },
        'body.rule.1.in.0',
      ],
      [{ rule: [] }, 'body.rule'],
      [{ rule: [{ kind: 'whale' }] }, 'body.rule.0.kind'],
      [{ name: '  ' }, 'body.name'],
      [{ reason: '' }, 'body.reason'],
    ];
    const before = adminSegmentListSchema.parse((await call('GET', '/api/admin/segments')).json())
      .data.length;
    for (const [over, field] of cases) {
      const res = await call('POST', '/api/admin/segments', body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(failedFields(res), JSON.stringify(over)).toContain(field);
    }
    const after = adminSegmentListSchema.parse((await call('GET', '/api/admin/segments')).json())
      .data.length;
    expect(after).toBe(before);
  });

  it('refuses to edit a flag segment or Purchasers (SEGMENT_NOT_EDITABLE), 404 for none', async () => {
    for (const id of [SEGMENT_IDS.testers, SEGMENT_IDS.w9Required, SEGMENT_IDS.purchasers]) {
      const res = await call('PUT', `/api/admin/segments/${id}`, body());
      expect(res.statusCode, res.body).toBe(409);
      expect(errorCode(res.body)).toBe('SEGMENT_NOT_EDITABLE');
    }
    const list = adminSegmentListSchema.parse((await call('GET', '/api/admin/segments')).json());
    expect(list.data.find((s) => s.id === SEGMENT_IDS.testers)?.rule).toBeNull();
    expect(list.data.find((s) => s.id === SEGMENT_IDS.purchasers)?.name).toBe('Purchasers');
    expect((await call('PUT', '/api/admin/segments/9999', body())).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/segments/9999')).statusCode).toBe(404);
  });

  it('only marketing and admin may edit segments', async () => {
    const support = await signedInStaff(t, 'support');
    const res = await call('POST', '/api/admin/segments', body(), support);
    expect(res.statusCode).toBe(403);
    const byAdmin = await call('POST', '/api/admin/segments', body({ name: 'By admin' }), admin);
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
  });

  /** Players (not removed) now: what a run starting now counts. */
  const playerCount = async () =>
    (await t.database.db.select({ id: players.id }).from(players).where(isNull(players.removedAt)))
      .length;
  /** Players holding the segment (mirror) or a membership row, with their country. */
  const holders = async (segmentId: number) => {
    const mirrored = await t.database.db
      .select({ id: players.id, country: players.country })
      .from(players)
      .where(sql`${segmentId}::int = any(${players.segmentIds})`);
    const rows = await t.database.db
      .select({ id: segmentMemberships.playerId, country: players.country })
      .from(segmentMemberships)
      .innerJoin(players, eq(players.id, segmentMemberships.playerId))
      .where(eq(segmentMemberships.segmentId, segmentId));
    return { mirrored, rows };
  };
  const created = async (over: object = {}) => {
    const res = await call('POST', '/api/admin/segments', body(over));
    expect(res.statusCode, res.body).toBe(201);
    await recheckAll();
    return adminSegmentSchema.parse(res.json()).id;
  };

  it('a newer edit supersedes a run part-way: progress starts over and no member of the stale rule survives', async () => {
    const nauru = [await playerIn('NR'), await playerIn('NR')];
    const palau = [await playerIn('PW'), await playerIn('PW')];
    const id = await created({ name: 'Nauru', rule: [{ kind: 'country', in: ['NR'] }] });
    expect((await holders(id)).rows.map((r) => r.id).sort()).toEqual([...nauru].sort());

    const toPalau = await call(
      'PUT',
      `/api/admin/segments/${id}`,
      body({ name: 'Palau', rule: [{ kind: 'country', in: ['PW'] }] }),
    );
    expect(toPalau.statusCode, toPalau.body).toBe(200);
    const total = await playerCount();
    // All but the last player by id: the run is part-way, at least one Palau player joined.
    expect(await recheckStep(total - 1)).toBe(true);
    const partway = await segmentNow(id);
    expect(partway).toMatchObject({
      state: 're-checking',
      rulesVersion: 2,
      progress: { checked: total - 1, total },
    });
    expect((await holders(id)).rows.some((r) => r.country === 'PW')).toBe(true);

    const back = await call(
      'PUT',
      `/api/admin/segments/${id}`,
      body({ name: 'Nauru again', rule: [{ kind: 'country', in: ['NR'] }] }),
    );
    expect(adminSegmentSchema.parse(back.json())).toMatchObject({
      state: 're-checking',
      rulesVersion: 3,
      progress: { checked: 0, total },
    });
    // The next batch starts from the first player, not where the stale run stopped.
    expect(await recheckStep(1)).toBe(true);
    expect((await segmentNow(id)).progress.checked).toBe(1);
    await recheckAll();
    expect(await segmentNow(id)).toMatchObject({
      state: 'current',
      members: 2,
      progress: { checked: total, total },
    });
    const after = await holders(id);
    expect(after.rows.map((r) => r.id).sort()).toEqual([...nauru].sort());
    expect(after.mirrored.map((r) => r.id).sort()).toEqual([...nauru].sort());
    for (const p of palau) expect(await segmentIdsOf(p)).not.toContain(id);
  });

  it('the list shows each segment’s state and progress', async () => {
    const id = await created({ name: 'Listed', rule: [{ kind: 'country', in: ['KI'] }] });
    await call(
      'PUT',
      `/api/admin/segments/${id}`,
      body({ name: 'Listed', rule: [{ kind: 'country', in: ['FM'] }] }),
    );
    const list = adminSegmentListSchema.parse((await call('GET', '/api/admin/segments')).json());
    expect(list.data.find((s) => s.id === id)).toMatchObject({
      state: 're-checking',
      rulesVersion: 2,
      progress: { checked: 0 },
    });
    await recheckAll();
    const done = adminSegmentListSchema.parse((await call('GET', '/api/admin/segments')).json());
    expect(done.data.find((s) => s.id === id)?.state).toBe('current');
  });

  it('the running app re-checks on its own after an edit (the job started with the app)', async () => {
    const member = await playerIn('TO');
    const id = await created({ name: 'Tonga', rule: [{ kind: 'country', in: ['WS'] }] });
    t.app.segments.recheck.start();
    try {
      const res = await call(
        'PUT',
        `/api/admin/segments/${id}`,
        body({ name: 'Tonga', rule: [{ kind: 'country', in: ['TO'] }] }),
      );
      expect(res.statusCode, res.body).toBe(200);
      await vi.waitFor(async () => expect((await segmentNow(id)).state).toBe('current'), {
        timeout: 20_000,
        interval: 25,
      });
      expect(await segmentIdsOf(member)).toContain(id);
    } finally {
      await t.app.segments.recheck.stop();
    }
  });

  it('retires a segment: reason required, audited, members taken out, kept and shown as retired, never edited again', async () => {
    const member = await playerIn('NU');
    const id = await created({ name: 'Niue', rule: [{ kind: 'country', in: ['NU'] }] });
    expect(await segmentIdsOf(member)).toContain(id);

    const noReason = await call('POST', `/api/admin/segments/${id}/retire`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(failedFields(noReason)).toContain('body.reason');
    const badId = await call('POST', '/api/admin/segments/abc/retire', { reason: 'Campaign over' });
    expect(badId.statusCode).toBe(400);
    expect(failedFields(badId)).toContain('params.id');

    const res = await call('POST', `/api/admin/segments/${id}/retire`, { reason: 'Campaign over' });
    expect(res.statusCode, res.body).toBe(200);
    const retired = adminSegmentSchema.parse(res.json());
    expect(retired).toMatchObject({ editable: false, state: 're-checking' });
    expect(retired.retiredAt).not.toBeNull();
    await recheckAll();
    expect(await segmentNow(id)).toMatchObject({ state: 'current', members: 0 });
    expect(await segmentIdsOf(member)).not.toContain(id);
    expect(await membership(member, id)).toBeUndefined();
    // The hourly sweep and the events' refresh never put anyone back.
    await t.app.segments.service.refreshAll();
    expect(await segmentIdsOf(member)).not.toContain(id);

    const list = adminSegmentListSchema.parse((await call('GET', '/api/admin/segments')).json());
    expect(list.data.find((s) => s.id === id)).toMatchObject({ name: 'Niue', editable: false });
    expect(list.data.find((s) => s.id === id)?.retiredAt).not.toBeNull();
    for (const [method, url, payload] of [
      ['PUT', `/api/admin/segments/${id}`, body()],
      ['POST', `/api/admin/segments/${id}/retire`, { reason: 'Again' }],
    ] as const) {
      const again = await call(method, url, payload);
      expect(again.statusCode, again.body).toBe(409);
      expect(errorCode(again.body)).toBe('SEGMENT_NOT_EDITABLE');
    }

    const audit = await call(
      'GET',
      `/api/admin/audit?targetId=${id}&perPage=100`,
      undefined,
      admin,
    );
    const entry = auditListSchema
      .parse(audit.json())
      .data.find((e) => e.targetType === 'segment' && e.action === 'segment.retired');
    expect(entry).toMatchObject({ reason: 'Campaign over', staffId: marketing.id });
    expect(entry?.before).toMatchObject({ name: 'Niue', retiredAt: null });
  });

  it('refuses to retire a segment a live promotion targets (SEGMENT_IN_USE, naming it), and allows it once none does', async () => {
    const id = await created({ name: 'Targeted', rule: [{ kind: 'country', in: ['TK'] }] });
    const [welcome] = await t.database.db
      .select()
      .from(bonusDefinitions)
      .where(eq(bonusDefinitions.slug, 'welcome'));
    const [quest] = await t.database.db
      .select()
      .from(quests)
      .where(eq(quests.identity, 'dice-roller'));
    await t.database.db
      .update(bonusDefinitions)
      .set({ eligibility: { ...welcome!.eligibility, segmentIds: [SEGMENT_IDS.vip, id] } })
      .where(eq(bonusDefinitions.id, welcome!.id));
    await t.database.db
      .update(quests)
      .set({ eligibility: { segmentIds: [id] }, enabled: true, endAt: null })
      .where(eq(quests.id, quest!.id));
    try {
      const refused = await call('POST', `/api/admin/segments/${id}/retire`, {
        reason: 'Done with it',
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(errorCode(refused.body)).toBe('SEGMENT_IN_USE');
      const details = refused.json<{
        details: { promotions: { kind: string; name: string }[] };
      }>().details;
      expect(details.promotions).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'bonus-definition', name: 'welcome' }),
          expect.objectContaining({ kind: 'quest', name: 'dice-roller' }),
        ]),
      );
      expect(refused.body).toContain('welcome');
      expect((await segmentNow(id)).retiredAt).toBeNull();

      // A disabled bonus and an ended quest are history: they no longer hold the segment.
      await t.database.db
        .update(bonusDefinitions)
        .set({ enabled: false })
        .where(eq(bonusDefinitions.id, welcome!.id));
      await t.database.db
        .update(quests)
        .set({ endAt: new Date(Date.now() - 60_000) })
        .where(eq(quests.id, quest!.id));
      const ok = await call('POST', `/api/admin/segments/${id}/retire`, { reason: 'Done with it' });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await t.database.db
        .update(bonusDefinitions)
        .set({ eligibility: welcome!.eligibility, enabled: welcome!.enabled })
        .where(eq(bonusDefinitions.id, welcome!.id));
      await t.database.db
        .update(quests)
        .set({ eligibility: quest!.eligibility, enabled: quest!.enabled, endAt: quest!.endAt })
        .where(eq(quests.id, quest!.id));
    }
  });

  it('refuses to retire a flag segment or Purchasers (SEGMENT_NOT_EDITABLE); 404 for none', async () => {
    for (const id of [SEGMENT_IDS.testers, SEGMENT_IDS.w9Received, SEGMENT_IDS.purchasers]) {
      const res = await call('POST', `/api/admin/segments/${id}/retire`, { reason: 'Tidy up' });
      expect(res.statusCode, res.body).toBe(409);
      expect(errorCode(res.body)).toBe('SEGMENT_NOT_EDITABLE');
    }
    const list = adminSegmentListSchema.parse((await call('GET', '/api/admin/segments')).json());
    expect(list.data.find((s) => s.id === SEGMENT_IDS.purchasers)?.retiredAt).toBeNull();
    expect(
      (await call('POST', '/api/admin/segments/9999/retire', { reason: 'Tidy up' })).statusCode,
    ).toBe(404);
    const support = await signedInStaff(t, 'support');
    const byId = await call(
      'POST',
      `/api/admin/segments/${SEGMENT_IDS.vip}/retire`,
      { reason: 'Tidy up' },
      support,
    );
    expect(byId.statusCode).toBe(403);
  });
});
