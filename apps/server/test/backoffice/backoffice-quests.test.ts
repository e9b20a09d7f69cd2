import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QuestState,
  adminQuestListSchema,
  adminQuestPackageListSchema,
  adminQuestPackageSchema,
  adminQuestSchema,
  auditListSchema,
} from '@coinfall/shared';
import { errorOf, failedFields, register } from '../player/player-fixtures.ts';
import { retentionFixtures } from '../retention/retention-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

const text = (en: string) => ({ en, es: `${en} (es)`, 'pt-br': `${en} (pt)` });

/** A single quest: one GC round on any game, 1,000 GC as its reward. */
const questBody = (identity = `spring-quest-${randomUUID().slice(0, 8)}`) => ({
  identity,
  name: text('Spring spin'),
  description: text('Play one round'),
  image: null,
  activation: 'auto',
  reward: { kind: 'coins', currency: 'GC', amount: 100_000 },
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
  reason: 'Spring campaign',
});

describe('back office: quests and chains (issue 17, decision 042)', () => {
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

  async function createQuest(body: object = questBody()) {
    const res = await call('POST', '/api/admin/quests', body);
    expect(res.statusCode, res.body).toBe(201);
    return adminQuestSchema.parse(res.json());
  }
  const auditOf = async (targetType: string, targetId: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?targetId=${targetId}&perPage=100`,
      headers: admin.headers,
    });
    return auditListSchema.parse(res.json()).data.filter((e) => e.targetType === targetType);
  };

  it('a created quest is seen by the engine at once, progressed by an event and completed', async () => {
    const player = await register(t);
    // The player's list reads the engine's cached catalogue first, without the new quest.
    await f.quests(player.accessToken);
    const quest = await createQuest();
    expect(quest).toMatchObject({ enabled: true, holders: 0, packageId: null });

    const held = f.byIdentity(await f.quests(player.accessToken), quest.identity);
    expect(held.state).toBe(QuestState.Activated);
    await f.recordRound(player.profile.id, { game: 'dice', currency: 'GC', bet: 100, payout: 0 });
    await f.deliverAll();
    const done = f.byIdentity(await f.quests(player.accessToken), quest.identity);
    expect([QuestState.Completed, QuestState.Awarded]).toContain(done.state);

    const [created] = await auditOf('quest', quest.id);
    expect(created).toMatchObject({
      action: 'quest.created',
      staffId: marketing.id,
      reason: 'Spring campaign',
      before: null,
    });
  });

  it('keeps a held quest’s task rules, renames its tasks, and deactivates it for new players', async () => {
    const quest = await createQuest();
    const holder = await register(t);
    f.byIdentity(await f.quests(holder.accessToken), quest.identity);

    const { identity: _identity, ...edit } = questBody();
    const changedRule = await call('PUT', `/api/admin/quests/${quest.id}`, {
      ...edit,
      tasks: [{ ...edit.tasks[0], target: 5 }],
    });
    expect(changedRule.statusCode).toBe(409);
    expect(failedFields(changedRule)).toEqual(['body.tasks']);

    const renamed = await call('PUT', `/api/admin/quests/${quest.id}`, {
      ...edit,
      name: text('Spring spin, renamed'),
      tasks: [{ ...edit.tasks[0], name: text('One round') }],
      reason: 'Clearer name',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(adminQuestSchema.parse(renamed.json())).toMatchObject({
      holders: 1,
      name: text('Spring spin, renamed'),
      tasks: [expect.objectContaining({ target: 1, name: text('One round') })],
    });
    const seen = f.byIdentity(await f.quests(holder.accessToken), quest.identity);
    expect(seen.name.en).toBe('Spring spin, renamed');

    const off = await call('POST', `/api/admin/quests/${quest.id}/status`, {
      enabled: false,
      reason: 'Campaign over',
    });
    expect(adminQuestSchema.parse(off.json()).enabled).toBe(false);
    const newcomer = await register(t);
    const list = await f.quests(newcomer.accessToken);
    expect(list.map((q) => q.identity)).not.toContain(quest.identity);

    const [last, edited] = await auditOf('quest', quest.id);
    expect(last).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(edited).toMatchObject({
      action: 'quest.updated',
      reason: 'Clearer name',
      before: <unknown>expect.objectContaining({ name: text('Spring spin') }),
      after: <unknown>expect.objectContaining({ name: text('Spring spin, renamed') }),
    });
  });

  it('refuses an invalid quest naming the field, and creates nothing', async () => {
    const body = questBody();
    const cases: [object, string][] = [
      [{ ...body, name: { en: 'Only English', es: '', 'pt-br': 'x' } }, 'body.name.es'],
      [{ ...body, tasks: [] }, 'body.tasks'],
      [{ ...body, tasks: [{ ...body.tasks[0], kind: 'fly' }] }, 'body.tasks.0.kind'],
      [{ ...body, reward: { kind: 'bonus', bonusSlug: 'no-such-bonus' } }, 'body.reward.bonusSlug'],
      [{ ...body, endAt: new Date(Date.now() - 3_600_000).toISOString() }, 'body.endAt'],
      [{ ...body, reason: '' }, 'body.reason'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/api/admin/quests', payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(failedFields(res), res.body).toContain(field);
    }
    const list = adminQuestListSchema.parse(
      (await call('GET', `/api/admin/quests?q=${body.identity}`)).json(),
    );
    expect(list.meta.totalRows).toBe(0);
  });

  it('lists quests sorted on the server and edits a chain', async () => {
    const byIdentity = adminQuestListSchema.parse(
      (await call('GET', '/api/admin/quests?sort=identity&order=asc&perPage=100')).json(),
    );
    const identities = byIdentity.data.map((q) => q.identity);
    expect(identities).toEqual([...identities].sort());

    const chains = adminQuestPackageListSchema.parse(
      (await call('GET', '/api/admin/quest-packages')).json(),
    );
    const chain = chains.data[0]!;
    expect(chain.quests.length).toBeGreaterThan(0);
    const res = await call('PUT', `/api/admin/quest-packages/${chain.id}`, {
      name: text('Winter trail'),
      description: chain.description,
      image: chain.image,
      reward: chain.reward,
      eligibility: chain.eligibility,
      startAt: chain.startAt,
      endAt: null,
      reason: 'Seasonal name',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminQuestPackageSchema.parse(res.json()).name).toEqual(text('Winter trail'));
    const [edited] = await auditOf('quest-package', chain.id);
    expect(edited).toMatchObject({ action: 'quest-package.updated', reason: 'Seasonal name' });
  });

  it('creates a chain of existing quests that the player API walks step by step', async () => {
    // Created and chained before any player reads them, so no one holds them as single quests.
    const first = await createQuest();
    const second = await createQuest();
    const chainBody = {
      identity: `trail-${randomUUID().slice(0, 8)}`,
      name: text('Spring trail'),
      description: text('Two rounds, one after the other'),
      image: null,
      reward: { kind: 'coins', currency: 'GC', amount: 50_000 },
      eligibility: {},
      startAt: new Date(Date.now() - 60_000).toISOString(),
      endAt: null,
      questIds: [second.id, first.id],
      reason: 'Spring campaign',
    };
    const bad: [object, string][] = [
      [{ ...chainBody, questIds: [] }, 'body.questIds'],
      [{ ...chainBody, questIds: [first.id, first.id] }, 'body.questIds.1'],
      [{ ...chainBody, questIds: [first.id, 2_000_000_000] }, 'body.questIds.1'],
      [{ ...chainBody, name: { ...chainBody.name, es: '' } }, 'body.name.es'],
    ];
    for (const [payload, field] of bad) {
      const res = await call('POST', '/api/admin/quest-packages', payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(failedFields(res), res.body).toContain(field);
    }
    const created = await call('POST', '/api/admin/quest-packages', chainBody);
    expect(created.statusCode, created.body).toBe(201);
    const chain = adminQuestPackageSchema.parse(created.json());
    expect(chain.quests.map((q) => q.id)).toEqual([second.id, first.id]);
    const [audited] = await auditOf('quest-package', chain.id);
    expect(audited).toMatchObject({ action: 'quest-package.created', before: null });

    // A quest has one chain: a second chain may not take it.
    const again = await call('POST', '/api/admin/quest-packages', {
      ...chainBody,
      identity: `${chainBody.identity}-b`,
      questIds: [first.id],
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(failedFields(again)).toContain('body.questIds.0');

    const player = await register(t);
    const walk = async () => {
      const list = await f.packages(player.accessToken);
      return list.find((p) => p.identity === chainBody.identity)!;
    };
    expect((await walk()).quests.map((q) => q.state)).toEqual([
      QuestState.Activated,
      QuestState.NotAccessible,
    ]);
    await f.recordRound(player.profile.id, { game: 'dice', currency: 'GC', bet: 100, payout: 0 });
    await f.deliverAll();
    expect((await walk()).quests.map((q) => q.state)).toEqual([
      QuestState.Awarded,
      QuestState.Activated,
    ]);
    await f.recordRound(player.profile.id, { game: 'dice', currency: 'GC', bet: 100, payout: 0 });
    await f.deliverAll();
    expect(await walk()).toMatchObject({ state: QuestState.Awarded, isAwarded: true });

    // Walked to its end: every step is reached and stays in place (decision 061).
    const steps = await call('PUT', `/api/admin/quest-packages/${chain.id}/steps`, {
      questIds: [first.id],
      reason: 'Shorter',
    });
    expect(steps.statusCode, steps.body).toBe(409);
    expect(failedFields(steps)).toContain('body.questIds.0');
  });

  it('switches quests and chains on one contract: reason, 404, flag-only audit', async () => {
    const step = await createQuest();
    const created = await call('POST', '/api/admin/quest-packages', {
      identity: `switch-${randomUUID().slice(0, 8)}`,
      name: text('Switch trail'),
      description: text('One round'),
      image: null,
      reward: null,
      eligibility: {},
      startAt: new Date(Date.now() - 60_000).toISOString(),
      endAt: null,
      questIds: [step.id],
      reason: 'Spring campaign',
    });
    expect(created.statusCode, created.body).toBe(201);
    const chain = adminQuestPackageSchema.parse(created.json());
    for (const url of [
      `/api/admin/quests/${step.id}/status`,
      `/api/admin/quest-packages/${chain.id}/status`,
    ]) {
      const noReason = await call('POST', url, { enabled: false });
      expect(noReason.statusCode, url).toBe(400);
      expect(failedFields(noReason), url).toContain('body.reason');
    }
    for (const [url, message] of [
      ['/api/admin/quests/2000000000/status', 'Quest not found'],
      ['/api/admin/quest-packages/2000000000/status', 'Quest chain not found'],
    ] as const) {
      const missing = await call('POST', url, { enabled: false, reason: 'Paused' });
      expect(missing.statusCode, url).toBe(404);
      expect(errorOf(missing)).toMatchObject({ code: 'NOT_FOUND', message });
    }

    const player = await register(t);
    const listed = async () =>
      (await f.packages(player.accessToken)).some((p) => p.identity === chain.identity);
    expect(await listed()).toBe(true);
    const off = await call('POST', `/api/admin/quest-packages/${chain.id}/status`, {
      enabled: false,
      reason: 'Paused',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(adminQuestPackageSchema.parse(off.json())).toMatchObject({
      id: chain.id,
      enabled: false,
      quests: [expect.objectContaining({ id: step.id })],
    });
    // The engine's cached catalogue is cleared after the commit: a newcomer no longer gets it.
    const newcomer = await register(t);
    const seen = await f.packages(newcomer.accessToken);
    expect(seen.map((p) => p.identity)).not.toContain(chain.identity);

    const on = await call('POST', `/api/admin/quest-packages/${chain.id}/status`, {
      enabled: true,
      reason: 'Back on',
    });
    expect(adminQuestPackageSchema.parse(on.json()).enabled).toBe(true);
    const [audOn, audOff, audCreated] = await auditOf('quest-package', chain.id);
    expect(audOn).toMatchObject({
      action: 'quest-package.updated',
      staffId: marketing.id,
      before: { enabled: false },
      after: { enabled: true },
      reason: 'Back on',
    });
    expect(audOff).toMatchObject({
      action: 'quest-package.updated',
      before: { enabled: true },
      after: { enabled: false },
      reason: 'Paused',
    });
    expect(audCreated).toMatchObject({ action: 'quest-package.created' });
  });
});
