import { sql } from 'drizzle-orm';
import {
  AMPLITUDE_PAGE_PATH,
  AMPLITUDE_PAGE_VIEWED,
  dailyActivePlayersSchema,
  eventsByTypeSchema,
} from '@coinfall/shared';
import { createAnalyticsEventsRepo } from '../../src/modules/analytics/analytics-events.repo.ts';
import { createAnalyticsHousekeeping } from '../../src/modules/analytics/housekeeping.service.ts';
import { signedInStaff } from '../backoffice/staff-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { API_KEY, newDeviceId, post, sdkEvent, storedEvents } from './analytics-fixtures.ts';

let t: TestApp;
/** Marketing reads the reports (analytics.read, decisions 048 and 054). */
let staff: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedInStaff(t, 'marketing')).headers;
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const at = (iso: string) => Date.parse(iso);

function report(name: string, query: string, headers = staff) {
  return t.app.inject({ method: 'GET', url: `/api/admin/analytics/${name}?${query}`, headers });
}

async function partitionDays(): Promise<string[]> {
  const result: unknown = await t.database.db.execute(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'analytics_events'::regclass order by 1`);
  return (result as { rows: { name: string }[] }).rows.map((r) => r.name);
}

const partitionOf = (ms: number) =>
  `analytics_events_p${new Date(ms).toISOString().slice(0, 10).replaceAll('-', '')}`;

describe('GET /api/admin/analytics/* (aggregate reports)', () => {
  const d1 = newDeviceId();
  const d2 = newDeviceId();
  const view = (device: string, path: string, time: number, session: number, user?: string) =>
    sdkEvent({
      event_type: AMPLITUDE_PAGE_VIEWED,
      device_id: device,
      user_id: user,
      time,
      session_id: session,
      event_properties: { [AMPLITUDE_PAGE_PATH]: path },
    });

  beforeAll(async () => {
    const s1 = at('2026-11-20T09:00:00Z');
    const s2 = at('2026-11-20T22:00:00Z');
    const s3 = at('2026-11-21T08:00:00Z');
    const events = [
      view(d1, '/', s1, s1, 'p-0001'),
      view(d1, '/', s1 + 60_000, s1, 'p-0001'),
      view(d1, '/games', s1 + 120_000, s1, 'p-0001'),
      sdkEvent({ device_id: d1, user_id: 'p-0001', time: s1 + 180_000, session_id: s1 }),
      view(d2, '/', s2, s2),
      sdkEvent({ event_type: 'Login', device_id: d1, user_id: 'p-0001', time: s3, session_id: s3 }),
      // Outside the range, and without a session.
      sdkEvent({ event_type: 'Login', device_id: d2, time: at('2026-11-23T00:00:00Z') }),
      sdkEvent({ event_type: 'Logout', device_id: d2, time: s2, session_id: -1 }),
    ];
    expect((await post(t.app, { api_key: API_KEY, events })).statusCode).toBe(200);
  });

  const range = 'from=2026-11-20&to=2026-11-22';

  it('refuses anyone but staff allowed analytics.read', async () => {
    expect((await report('events', range, {})).statusCode).toBe(401);
    expect((await report('events', range, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    const support = (await signedInStaff(t, 'support')).headers;
    expect((await report('events', range, support)).statusCode).toBe(403);
  });

  it('counts daily active players and devices, every day of the range', async () => {
    const res = await report('active-players', range);
    expect(dailyActivePlayersSchema.parse(res.json()).data).toEqual([
      { date: '2026-11-20', players: 1, devices: 2 },
      { date: '2026-11-21', players: 1, devices: 1 },
      { date: '2026-11-22', players: 0, devices: 0 },
    ]);
  });

  it('counts sessions per day', async () => {
    expect((await report('sessions', range)).json()).toEqual({
      data: [
        { date: '2026-11-20', sessions: 2 },
        { date: '2026-11-21', sessions: 1 },
        { date: '2026-11-22', sessions: 0 },
      ],
    });
  });

  it('lists page views by path and events by type, most first', async () => {
    expect((await report('page-views', range)).json()).toEqual({
      data: [
        { path: '/', views: 3, devices: 2 },
        { path: '/games', views: 1, devices: 1 },
      ],
    });
    expect(eventsByTypeSchema.parse((await report('events', range)).json()).data).toEqual([
      { eventType: AMPLITUDE_PAGE_VIEWED, events: 4, devices: 2 },
      { eventType: 'Game Launched', events: 1, devices: 1 },
      { eventType: 'Login', events: 1, devices: 1 },
      { eventType: 'Logout', events: 1, devices: 1 },
    ]);
  });

  it('filters by project and checks the range', async () => {
    expect((await report('events', `${range}&project=other`)).json()).toEqual({ data: [] });
    expect((await report('events', `${range}&project=demo`)).json()).toMatchObject({
      data: { length: 4 },
    });
    const backwards = await report('events', 'from=2026-11-22&to=2026-11-20');
    expect(backwards.statusCode).toBe(400);
    expect((await report('events', 'from=2026-11-20')).statusCode).toBe(400);
  });
});

describe('day partitions', () => {
  it('exist from today to a week ahead once the app is ready', async () => {
    const days = await partitionDays();
    for (let d = 0; d <= 7; d += 1) expect(days).toContain(partitionOf(Date.now() + d * DAY_MS));
  });

  it('are created when missing at ingest, then made and dropped by the housekeeping', async () => {
    await t.database.db.execute(sql.raw(`drop table ${partitionOf(Date.now())}`));
    const device = newDeviceId();
    const res = await post(t.app, { api_key: API_KEY, events: [sdkEvent({ device_id: device })] });
    expect(res.statusCode).toBe(200);
    expect(await storedEvents(t, [device])).toHaveLength(1);

    // 100 days on, with 90 days kept: today's week goes, the new week comes, the ids go.
    const later = Date.now() + 100 * DAY_MS;
    const housekeeping = createAnalyticsHousekeeping({
      db: t.database.db,
      repo: createAnalyticsEventsRepo(),
      retentionDays: 90,
      now: () => later,
      log: t.app.log,
    });
    await housekeeping.run();
    const days = await partitionDays();
    expect(days).not.toContain(partitionOf(Date.now()));
    expect(days).toContain(partitionOf(later + 7 * DAY_MS));
    expect(days.every((name) => name >= partitionOf(later - 90 * DAY_MS))).toBe(true);
    expect(await storedEvents(t, [device])).toEqual([]);
    const ids: unknown = await t.database.db.execute(
      sql`select count(*)::int as n from analytics_insert_ids`,
    );
    expect((ids as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
