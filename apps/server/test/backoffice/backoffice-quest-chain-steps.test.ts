import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QuestState,
  adminQuestPackageListSchema,
  adminQuestPackageSchema,
  adminQuestSchema,
  auditListSchema,
  errorBodySchema,
} from '@coinfall/shared';
import { failedFields, register } from '../player/player-fixtures.ts';
import { retentionFixtures } from '../retention/retention-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { errorCode, signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

const text = (en: string) => ({ en, es: `${en} (es)`, 'pt-br': `${en} (pt)` });

/** A quest of one GC round; `enabled: false` keeps it from players as a single quest. */
const questBody = (enabled = true) => ({
  identity: `step-${randomUUID().slice(0, 8)}`,
  enabled,
  name: text('Step'),
  description: text('Play one round'),
  image: null,
  activation: 'auto',
  reward: { kind: 'coins', currency: 'GC', amount: 100 },
  eligibility: {},
  startAt: new Date(Date.now() - 60_000).toISOString(),
  endAt: null,
  tasks: [
    {
      kind: 'play-rounds',
      name: text('Play a round'),
      target: 1,
      currency: 'GC',
      gameIdentities: null,
      collection: null,
      minMultiplier: null,
    },
  ],
  reason: 'Chain test',
});

describe('PUT /api/admin/quest-packages/:id/steps on a live chain (decision 061)', () => {
  let t: TestApp;
  let f: ReturnType<typeof retentionFixtures>;
  let marketing: SignedInStaff;
  let admin: SignedInStaff;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
    f = retentionFixtures(t);
    marketing = await signedInStaff(t, 'marketing');
    admin = await signedInStaff(t, 'admin');
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: marketing.headers, ...(payload ? { payload } : {}) });
  const createQuest = async (enabled = true) => {
    const res = await call('POST', '/api/admin/quests', questBody(enabled));
    expect(res.statusCode, res.body).toBe(201);
    return adminQuestSchema.parse(res.json());
  };
  const putSteps = (id: number, questIds: unknown, reason: string | null = 'Reshape the trail') =>
    call('PUT', `/api/admin/quest-packages/${id}/steps`, {
      questIds,
      ...(reason === null ? {} : { reason }),
    });
  const auditOf = async (targetId: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?targetId=${targetId}&perPage=100`,
      headers: admin.headers,
    });
    return auditListSchema.parse(res.json()).data.filter((e) => e.targetType === 'quest-package');
  };

  async function createChain(questIds: number[]) {
    const identity = `live-trail-${randomUUID().slice(0, 8)}`;
    const res = await call('POST', '/api/admin/quest-packages', {
      identity,
      name: text('Live trail'),
      description: text('Steps that change'),
      image: null,
      reward: null,
      eligibility: {},
      startAt: new Date(Date.now() - 60_000).toISOString(),
      endAt: null,
      questIds,
      reason: 'Chain test',
    });
    expect(res.statusCode, res.body).toBe(201);
    return adminQuestPackageSchema.parse(res.json());
  }

  it('checks permission and input, naming the field', async () => {
    const [a, b] = [await createQuest(false), await createQuest(false)];
    const chain = await createChain([a.id, b.id]);
    const support = await signedInStaff(t, 'support');
    const denied = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/quest-packages/${chain.id}/steps`,
      headers: support.headers,
      payload: { questIds: [b.id], reason: 'Not mine to change' },
    });
    expect(errorCode(denied.body)).toBe('FORBIDDEN');

    const bad: [unknown, string | null, string][] = [
      [[], 'Shorter', 'body.questIds'],
      [[a.id, a.id], 'Twice', 'body.questIds.1'],
      [[a.id, 'two'], 'Wrong type', 'body.questIds.1'],
      [[a.id, 2_000_000_000], 'Unknown quest', 'body.questIds.1'],
      [[a.id], null, 'body.reason'],
    ];
    for (const [questIds, reason, field] of bad) {
      const res = await putSteps(chain.id, questIds, reason);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(failedFields(res), res.body).toContain(field);
    }
    const missing = await putSteps(2_000_000_000, [a.id]);
    expect(missing.statusCode).toBe(404);
    // Nothing changed, nothing audited past the creation.
    expect((await auditOf(chain.id)).map((e) => e.action)).toEqual(['quest-package.created']);
  });

  it('keeps reached steps in place and changes the rest for players already walking it', async () => {
    // d stays off until it joins the chain: otherwise the player would hold it as a single quest.
    const [a, b, c, d] = [
      await createQuest(),
      await createQuest(),
      await createQuest(),
      await createQuest(false),
    ];
    const chain = await createChain([a.id, b.id, c.id]);
    expect(chain.fixedSteps).toBe(0);

    const player = await register(t);
    const walk = async () =>
      (await f.packages(player.accessToken)).find((p) => p.identity === chain.identity)!;
    expect((await walk()).quests.map((q) => q.state)).toEqual([
      QuestState.Activated,
      QuestState.NotAccessible,
      QuestState.NotAccessible,
    ]);

    // Step 1 is reached: it may neither move nor lose its place to an inserted step.
    for (const [questIds, field] of [
      [[b.id, a.id, c.id], 'body.questIds.0'],
      [[d.id, a.id, b.id, c.id], 'body.questIds.0'],
    ] as const) {
      const res = await putSteps(chain.id, questIds);
      expect(res.statusCode, res.body).toBe(409);
      expect(errorBodySchema.parse(res.json())).toMatchObject({
        code: 'CHAIN_STEP_REACHED',
        details: { fixedSteps: 1 },
      });
      expect(failedFields(res)).toContain(field);
    }

    // After it: remove b, add d, swap — the player walking the chain sees the new steps.
    const changed = await putSteps(chain.id, [a.id, d.id, c.id]);
    expect(changed.statusCode, changed.body).toBe(200);
    const on = await call('POST', `/api/admin/quests/${d.id}/status`, {
      enabled: true,
      reason: 'Step of the trail now',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(adminQuestPackageSchema.parse(changed.json())).toMatchObject({
      fixedSteps: 1,
      quests: [{ id: a.id }, { id: d.id }, { id: c.id }],
    });
    const [audited] = await auditOf(chain.id);
    expect(audited).toMatchObject({
      action: 'quest-package.updated',
      staffId: marketing.id,
      reason: 'Reshape the trail',
      before: { questIds: [a.id, b.id, c.id] },
      after: { questIds: [a.id, d.id, c.id], added: [d.id], removed: [b.id] },
    });
    expect((await walk()).quests.map((q) => [q.identity, q.state])).toEqual([
      [a.identity, QuestState.Activated],
      [d.identity, QuestState.NotAccessible],
      [c.identity, QuestState.NotAccessible],
    ]);

    // The player completes step 1: the added step opens next.
    await f.recordRound(player.profile.id, { game: 'dice', currency: 'GC', bet: 100, payout: 0 });
    await f.deliverAll();
    expect((await walk()).quests.map((q) => [q.identity, q.state])).toEqual([
      [a.identity, QuestState.Awarded],
      [d.identity, QuestState.Activated],
      [c.identity, QuestState.NotAccessible],
    ]);

    // Now d is reached too: it cannot be removed or moved, c still can.
    const list = adminQuestPackageListSchema.parse(
      (await call('GET', '/api/admin/quest-packages')).json(),
    );
    expect(list.data.find((p) => p.id === chain.id)?.fixedSteps).toBe(2);
    const removeReached = await putSteps(chain.id, [a.id]);
    expect(removeReached.statusCode, removeReached.body).toBe(409);
    expect(failedFields(removeReached)).toContain('body.questIds');
    const moveReached = await putSteps(chain.id, [a.id, c.id, d.id]);
    expect(moveReached.statusCode, moveReached.body).toBe(409);
    expect(failedFields(moveReached)).toContain('body.questIds.1');

    const shorter = await putSteps(chain.id, [a.id, d.id]);
    expect(shorter.statusCode, shorter.body).toBe(200);
    await f.recordRound(player.profile.id, { game: 'dice', currency: 'GC', bet: 100, payout: 0 });
    await f.deliverAll();
    const done = await walk();
    expect(done.quests.map((q) => q.identity)).toEqual([a.identity, d.identity]);
    expect([QuestState.Completed, QuestState.Awarded]).toContain(done.state);
  });

  it('leaves a finished chain finished when a step is appended', async () => {
    const [a, b] = [await createQuest(), await createQuest(false)];
    const chain = await createChain([a.id]);
    const player = await register(t);
    await f.packages(player.accessToken);
    await f.recordRound(player.profile.id, { game: 'dice', currency: 'GC', bet: 100, payout: 0 });
    await f.deliverAll();
    const res = await putSteps(chain.id, [a.id, b.id]);
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await f.packages(player.accessToken)).find((p) => p.identity === chain.identity)!;
    expect(mine.state).toBe(QuestState.Awarded);
    expect(mine.quests.map((q) => q.identity)).toEqual([a.identity]);
  });
});
