import type { Centrifuge } from 'centrifuge';
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { SUPPORT_STAFF_CHANNEL } from '@coinfall/shared';
import { supportConversations } from '../../src/db/schema/index.ts';
import { register } from '../player/player-fixtures.ts';
import {
  createListeningApp,
  wsClient,
  type RealtimeTestApp,
} from '../realtime/realtime-fixtures.ts';
import { agent, listen, sent, setPresence, staffRealtimeToken, view } from './support-fixtures.ts';

/**
 * Waiting conversations picked up when room appears (decision 047): an agent coming online, or
 * closing one, takes the longest waiting up to SUPPORT_AGENT_CAPACITY; nodes doing it at once
 * never assign a conversation twice. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set
 * (where the two presence changes really run in parallel transactions).
 */
const CAPACITY = 2;
let t: RealtimeTestApp;
const clients: Centrifuge[] = [];
type Agent = Awaited<ReturnType<typeof agent>>;
const agents: Agent[] = [];
/** The ids of this file's agents and conversations: see assignedEvents. */
const ours = new Set<string>();

beforeAll(async () => {
  t = await createListeningApp({
    SUPPORT_AGENT_CAPACITY: String(CAPACITY),
    RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`,
  });
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  for (const a of agents.splice(0)) await setPresence(t, a, 'away');
});
afterAll(() => t.close());

async function awayAgent(name: string) {
  const a = await agent(t, 'away', 'support', name);
  agents.push(a);
  ours.add(a.id);
  return a;
}

/** Players who wrote while nobody had room, oldest first: their conversations' ids. */
async function waitingConversations(n: number) {
  const players = [];
  for (let i = 0; i < n; i += 1) {
    const player = await register(t);
    await sent(t, player.accessToken, `waiting ${i}`);
    const { conversation } = await view(t, player.accessToken);
    expect(conversation).toMatchObject({ status: 'waiting' });
    players.push({ ...player, conversationId: conversation!.id });
    ours.add(conversation!.id);
  }
  return players;
}

async function staffFeed(as: Agent) {
  const client = wsClient(t, { token: await staffRealtimeToken(t, as) });
  clients.push(client);
  return listen(client, SUPPORT_STAFF_CHANNEL);
}

/** A push crosses the outbox and the gateway: on a loaded machine (a parallel suite), > 1 s. */
const PUSHED = { timeout: 10_000 };

/**
 * The staff channel is one for every console: on a shared Redis it also carries the assignments
 * of other test files running at the same time, so only those naming this file's agents or
 * conversations are counted.
 */
const assignedEvents = (feed: Awaited<ReturnType<typeof staffFeed>>) =>
  (
    feed.received.map((m) => m.data).filter((d) => d.type === 'assigned') as {
      conversationId: string;
      staffId: string;
    }[]
  ).filter((e) => ours.has(e.staffId) || ours.has(e.conversationId));

describe('an agent coming online', () => {
  it('takes the longest waiting conversations up to capacity, and the next when one closes', async () => {
    const maya = await awayAgent('Maya');
    const [first, second, third] = await waitingConversations(3);
    const feed = await staffFeed(maya);

    await setPresence(t, maya, 'online');
    await vi.waitFor(
      () =>
        expect(assignedEvents(feed)).toEqual([
          { type: 'assigned', conversationId: first!.conversationId, staffId: maya.id },
          { type: 'assigned', conversationId: second!.conversationId, staffId: maya.id },
        ]),
      PUSHED,
    );
    expect((await view(t, first!.accessToken)).conversation).toMatchObject({
      status: 'assigned',
      assignedAgentName: 'Maya',
    });
    expect((await view(t, third!.accessToken)).conversation!.status).toBe('waiting');

    // At capacity: a newcomer waits behind the third instead of jumping the queue.
    const [fourth] = await waitingConversations(1);
    const close = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${first!.conversationId}/close`,
      headers: maya.headers,
    });
    expect(close.statusCode, close.body).toBe(204);
    expect((await view(t, third!.accessToken)).conversation).toMatchObject({
      status: 'assigned',
      assignedAgentName: 'Maya',
    });
    expect((await view(t, fourth!.accessToken)).conversation!.status).toBe('waiting');
    await vi.waitFor(
      () =>
        expect(assignedEvents(feed).map((e) => e.conversationId)).toContain(third!.conversationId),
      PUSHED,
    );

    // Leave the queue empty for the next test.
    const taken = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/conversations/${fourth!.conversationId}/take`,
      headers: maya.headers,
    });
    expect(taken.statusCode, taken.body).toBe(204);
  });

  it('two agents coming online at once share the queue without assigning one twice', async () => {
    const ana = await awayAgent('Ana');
    const ben = await awayAgent('Ben');
    const waiting = await waitingConversations(5);
    const ids = waiting.map((w) => w.conversationId);
    const feed = await staffFeed(ana);

    await Promise.all([setPresence(t, ana, 'online'), setPresence(t, ben, 'online')]);

    const rows = await t.database.db
      .select()
      .from(supportConversations)
      .where(inArray(supportConversations.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    // The four longest waiting, two each; the newest still waits.
    expect(ids.map((id) => byId.get(id)!.status)).toEqual([
      'assigned',
      'assigned',
      'assigned',
      'assigned',
      'waiting',
    ]);
    const perAgent = (staffId: string) => rows.filter((r) => r.assignedStaffId === staffId).length;
    expect([perAgent(ana.id), perAgent(ben.id)]).toEqual([CAPACITY, CAPACITY]);
    await vi.waitFor(() => expect(assignedEvents(feed)).toHaveLength(4), PUSHED);
    // One event per conversation, to the agent the row names: nothing was assigned twice.
    const events = assignedEvents(feed);
    expect(new Set(events.map((e) => e.conversationId)).size).toBe(4);
    for (const e of events) expect(byId.get(e.conversationId)!.assignedStaffId).toBe(e.staffId);
  });
});
