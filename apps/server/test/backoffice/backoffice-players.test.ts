import { randomUUID } from 'node:crypto';
import type { Centrifuge, DisconnectedContext } from 'centrifuge';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  PlayerStatus,
  adjustmentListSchema,
  adjustmentSchema,
  adminPlayerListSchema,
  adminPlayerProfileSchema,
  adminPlayerRowSchema,
  auditListSchema,
  errorBodySchema,
} from '@coinfall/shared';
import {
  PASSWORD,
  bearer,
  codeFromMail,
  login,
  mailbox,
  nextIp,
  register,
} from '../player/player-fixtures.ts';
import {
  createListeningApp,
  next,
  registerPlayer,
  wsClient,
  type RealtimeTestApp,
} from '../realtime/realtime-fixtures.ts';
import { errorCode, errorMessage, signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

describe('back office: players (issue 17)', () => {
  let t: RealtimeTestApp;
  let admin: SignedInStaff;
  let clients: Centrifuge[] = [];
  beforeAll(async () => {
    // Four-eyes above 100.00 coins.
    t = await createListeningApp({ STAFF_FOUR_EYES_ABOVE: '10000' });
    admin = await signedInStaff(t, 'admin');
  });
  afterEach(() => {
    for (const c of clients) c.disconnect();
    clients = [];
  });
  afterAll(async () => t?.close());

  const inject = (
    staff: SignedInStaff,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...staff.headers, ...headers },
      ...(payload ? { payload } : {}),
    });

  const auditOf = async (targetId: string) =>
    auditListSchema.parse(
      (await inject(admin, 'GET', `/api/admin/audit?targetId=${targetId}&perPage=50`)).json(),
    ).data;

  it('finds a player by id and email prefix, paged on the server', async () => {
    const player = await registerPlayer(t);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/player/profile',
      headers: bearer(player.accessToken),
    });
    const email = profile.json<{ email: string }>().email;
    const byId = adminPlayerListSchema.parse(
      (await inject(admin, 'GET', `/api/admin/players?q=${player.playerId}`)).json(),
    );
    expect(byId.data.map((p) => p.id)).toEqual([player.playerId]);
    const byPrefix = adminPlayerListSchema.parse(
      (
        await inject(admin, 'GET', `/api/admin/players?q=${encodeURIComponent(email.slice(0, 20))}`)
      ).json(),
    );
    expect(byPrefix.data.map((p) => p.id)).toContain(player.playerId);
    // A wildcard typed in the box is a literal character.
    const wildcard = adminPlayerListSchema.parse(
      (await inject(admin, 'GET', '/api/admin/players?q=%25')).json(),
    );
    expect(wildcard.meta.totalRows).toBe(0);
    const page = adminPlayerListSchema.parse(
      (await inject(admin, 'GET', '/api/admin/players?perPage=1&page=1')).json(),
    );
    expect(page.data).toHaveLength(1);
    expect(page.meta.totalRows).toBeGreaterThanOrEqual(1);
  });

  it('shows the profile with balances and ledger history', async () => {
    const player = await registerPlayer(t);
    const res = await inject(admin, 'GET', `/api/admin/players/${player.playerId}`);
    expect(res.statusCode).toBe(200);
    const profile = adminPlayerProfileSchema.parse(res.json());
    expect(profile.player.id).toBe(player.playerId);
    expect(profile.liveSessions).toBe(1);
    // The welcome coins: a GC balance and its ledger entry.
    expect(profile.balances.some((b) => b.currency === 'GC' && b.balance > 0)).toBe(true);
    expect(profile.ledger.length).toBeGreaterThan(0);
    expect((await inject(admin, 'GET', `/api/admin/players/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('blocks a player: a reason is required, every session and socket ends, the audit keeps it', async () => {
    const player = await registerPlayer(t);
    const client = wsClient(t, { token: player.accessToken });
    clients.push(client);
    client.connect();
    await client.ready(3000);

    const noReason = await inject(admin, 'POST', `/api/admin/players/${player.playerId}/block`, {});
    expect(noReason.statusCode).toBe(400);
    expect(errorBodySchema.parse(noReason.json()).details?.fields?.[0]?.field).toBe('body.reason');

    const disconnected = next<DisconnectedContext>(client, 'disconnected', 3000);
    const blocked = await inject(admin, 'POST', `/api/admin/players/${player.playerId}/block`, {
      reason: 'chargeback fraud',
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ status: PlayerStatus.Blocked });
    await disconnected;
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/player/profile',
      headers: bearer(player.accessToken),
    });
    expect(api.statusCode).toBeGreaterThanOrEqual(401);
    expect(api.statusCode).toBeLessThanOrEqual(403);
    expect(
      (
        await inject(admin, 'POST', `/api/admin/players/${player.playerId}/block`, {
          reason: 'again',
        })
      ).statusCode,
    ).toBe(409);

    const unblocked = await inject(admin, 'POST', `/api/admin/players/${player.playerId}/unblock`, {
      reason: 'cleared by review',
    });
    expect(unblocked.json()).toMatchObject({ status: PlayerStatus.Active });
    const audit = await auditOf(player.playerId);
    expect(audit.map((e) => [e.action, e.reason])).toEqual([
      ['player.unblocked', 'cleared by review'],
      ['player.blocked', 'chargeback fraud'],
    ]);
    expect(audit[1]).toMatchObject({
      staffId: admin.id,
      before: { status: PlayerStatus.Active },
      after: { status: PlayerStatus.Blocked, endedSessions: 1 },
    });
    expect(audit[1]!.requestId).toBeTruthy();
  });

  it('unblock restores the status the block replaced: a Limited player stays Limited', async () => {
    const player = await registerPlayer(t);
    const url = (action: string) => `/api/admin/players/${player.playerId}/${action}`;
    const act = (action: string) => inject(admin, 'POST', url(action), { reason: action });
    const statusAfter = async (action: string) => {
      const res = await act(action);
      expect(res.statusCode, res.body).toBe(200);
      return adminPlayerRowSchema.parse(res.json()).status;
    };

    expect((await act('unlimit')).statusCode).toBe(409);
    expect(await statusAfter('limit')).toBe(PlayerStatus.Limited);
    const notBlocked = await act('unblock');
    expect(notBlocked.statusCode).toBe(409);
    expect(errorMessage(notBlocked.body)).toBe('The player is not blocked');
    expect(await statusAfter('block')).toBe(PlayerStatus.Blocked);
    expect((await act('limit')).statusCode).toBe(409);
    expect(await statusAfter('unblock')).toBe(PlayerStatus.Limited);
    expect(await statusAfter('unlimit')).toBe(PlayerStatus.Active);

    const audit = await auditOf(player.playerId);
    expect(audit.map((e) => [e.action, e.before, e.after])).toEqual([
      ['player.unlimited', { status: PlayerStatus.Limited }, { status: PlayerStatus.Active }],
      ['player.unblocked', { status: PlayerStatus.Blocked }, { status: PlayerStatus.Limited }],
      [
        'player.blocked',
        { status: PlayerStatus.Limited },
        { status: PlayerStatus.Blocked, endedSessions: 1 },
      ],
      ['player.limited', { status: PlayerStatus.Active }, { status: PlayerStatus.Limited }],
    ]);
  });

  // Only PostgreSQL runs the two at once: the embedded database's one connection queues them.
  it.skipIf(!process.env.DATABASE_URL)(
    'two blocks at once: one blocks, the other finds it done (409), one audit row',
    async () => {
      const player = await registerPlayer(t);
      const answers = await Promise.all(
        [1, 2].map((n) =>
          inject(admin, 'POST', `/api/admin/players/${player.playerId}/block`, {
            reason: `block ${n}`,
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect((await auditOf(player.playerId)).map((e) => e.action)).toEqual(['player.blocked']);
    },
  );

  it('a forced password reset ends every session, stops the password and mails a new link', async () => {
    const player = await register(t);
    const support = await signedInStaff(t, 'support');
    const url = `/api/admin/players/${player.profile.id}/password-reset`;
    const noReason = await inject(support, 'POST', url, {});
    expect(noReason.statusCode).toBe(400);
    expect(errorBodySchema.parse(noReason.json()).details?.fields?.[0]?.field).toBe('body.reason');

    const loginToken = await codeFromMail(t, player.email, 'login-token');
    const forced = await inject(support, 'POST', url, { reason: 'account takeover reported' });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json()).toEqual({ mailSent: true });
    const profile = await t.app.inject({
      url: '/api/player/profile',
      headers: bearer(player.accessToken),
    });
    expect(profile.statusCode).toBe(401);
    expect((await login(t, player.email, PASSWORD, nextIp())).statusCode).toBe(401);
    // The confirmation mail's login link is spent too.
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/player/sessions/token',
      payload: { token: decodeURIComponent(loginToken), device: { type: 'desktop' } },
      remoteAddress: nextIp(),
    });
    expect(linked.statusCode, linked.body).toBe(400);

    const code = await codeFromMail(t, player.email, 'reset-password');
    const mail = (await mailbox(t)).find((m) => m.to === player.email)!;
    expect(mail.subject).toBe('Choose a new Coinfall password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/player/passwords/confirm',
      payload: { code, password: 'a brand new phrase', repeatPassword: 'a brand new phrase' },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await login(t, player.email, 'a brand new phrase', nextIp())).statusCode).toBe(200);

    const [entry] = await auditOf(player.profile.id);
    expect(entry).toMatchObject({
      action: 'player.password-reset-forced',
      staffId: support.id,
      reason: 'account takeover reported',
      after: { endedSessions: 1 },
    });
  });

  it('applies a small adjustment at once and holds a large one for a second staff member', async () => {
    const player = await registerPlayer(t);
    const finance = await signedInStaff(t, 'finance');
    const adjust = (staff: SignedInStaff, body: object, key = randomUUID()) =>
      inject(staff, 'POST', `/api/admin/players/${player.playerId}/adjustments`, body, {
        'idempotency-key': key,
      });

    const noReason = await adjust(finance, { currency: 'GC', amount: 500 });
    expect(noReason.statusCode).toBe(400);
    expect(errorBodySchema.parse(noReason.json()).details?.fields?.[0]?.field).toBe('body.reason');

    const key = randomUUID();
    const small = adjustmentSchema.parse(
      (await adjust(finance, { currency: 'GC', amount: 500, reason: 'goodwill' }, key)).json(),
    );
    expect(small.status).toBe('applied');
    expect(small.ledgerTransactionId).toBeTruthy();
    // The same key again: the same adjustment, posted once.
    const again = adjustmentSchema.parse(
      (await adjust(finance, { currency: 'GC', amount: 500, reason: 'goodwill' }, key)).json(),
    );
    expect(again.id).toBe(small.id);
    // The same key sent twice at once: both answer the one adjustment.
    const twiceKey = randomUUID();
    const twice = await Promise.all(
      [1, 2].map(() => adjust(finance, { currency: 'GC', amount: 300, reason: 'twice' }, twiceKey)),
    );
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    const [one, two] = twice.map((r) => adjustmentSchema.parse(r.json()));
    expect(one?.id).toBe(two?.id);

    const large = adjustmentSchema.parse(
      (
        await adjust(finance, { currency: 'SC', amount: 50_000, reason: 'tournament prize' })
      ).json(),
    );
    expect(large.status).toBe('pending');
    const balanceOf = async (currency: string) =>
      adminPlayerProfileSchema
        .parse((await inject(admin, 'GET', `/api/admin/players/${player.playerId}`)).json())
        .balances.find((b) => b.currency === currency && b.kind === 'cash')?.balance ?? 0;
    const scBefore = await balanceOf('SC');

    // Its requester cannot approve it.
    const self = await inject(finance, 'POST', `/api/admin/adjustments/${large.id}/approve`, {
      reason: 'checked',
    });
    expect(self.statusCode).toBe(403);
    expect(await balanceOf('SC')).toBe(scBefore);

    // The approver says why too: the step that moves the money is audited with its own reason.
    const unexplained = await inject(
      admin,
      'POST',
      `/api/admin/adjustments/${large.id}/approve`,
      {},
    );
    expect(unexplained.statusCode).toBe(400);
    expect(errorBodySchema.parse(unexplained.json()).details?.fields?.[0]?.field).toBe(
      'body.reason',
    );
    const approved = await inject(admin, 'POST', `/api/admin/adjustments/${large.id}/approve`, {
      reason: 'checked',
    });
    expect(approved.statusCode).toBe(200);
    expect(adjustmentSchema.parse(approved.json())).toMatchObject({
      status: 'applied',
      approvedBy: admin.id,
    });
    expect(await balanceOf('SC')).toBe(scBefore + 50_000);
    expect(
      (
        await inject(admin, 'POST', `/api/admin/adjustments/${large.id}/approve`, {
          reason: 'checked',
        })
      ).statusCode,
    ).toBe(409);

    // A debit past the balance: held (large), then refused by the ledger at approval.
    const gc = await balanceOf('GC');
    const overdraw = adjustmentSchema.parse(
      (await adjust(finance, { currency: 'GC', amount: -(gc + 1), reason: 'reversal' })).json(),
    );
    const refused = await inject(admin, 'POST', `/api/admin/adjustments/${overdraw.id}/approve`, {
      reason: 'checked',
    });
    expect(errorCode(refused.body)).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf('GC')).toBe(gc);

    const audit = await auditOf(player.playerId);
    expect(audit.map((e) => e.action).sort()).toEqual([
      'adjustment.applied',
      // The key sent twice at once: applied once.
      'adjustment.applied',
      'adjustment.approved',
      'adjustment.requested',
      'adjustment.requested',
    ]);
    expect(audit.every((e) => e.reason)).toBe(true);
    expect(audit.find((e) => e.action === 'adjustment.approved')?.reason).toBe('checked');
  });

  it('small adjustments add up over a day: splitting one does not avoid the second pair of eyes', async () => {
    const player = await registerPlayer(t);
    const finance = await signedInStaff(t, 'finance');
    const adjust = async (currency: string, amount: number) =>
      adjustmentSchema.parse(
        (
          await inject(
            finance,
            'POST',
            `/api/admin/players/${player.playerId}/adjustments`,
            { currency, amount, reason: 'split' },
            { 'idempotency-key': randomUUID() },
          )
        ).json(),
      ).status;
    // 60 + 40 = 100.00 coins alone (the four-eyes amount); a debit counts as much as a credit.
    expect(await adjust('SC', 6_000)).toBe('applied');
    expect(await adjust('SC', -4_000)).toBe('applied');
    expect(await adjust('SC', 1)).toBe('pending');
    // Another currency has its own sum.
    expect(await adjust('GC', 6_000)).toBe('applied');
  });

  it('a pending adjustment expires after its approval window: no approval, listed as expired', async () => {
    const player = await registerPlayer(t);
    const finance = await signedInStaff(t, 'finance');
    const held = adjustmentSchema.parse(
      (
        await inject(
          finance,
          'POST',
          `/api/admin/players/${player.playerId}/adjustments`,
          { currency: 'SC', amount: 20_000, reason: 'prize' },
          { 'idempotency-key': randomUUID() },
        )
      ).json(),
    );
    expect(held.status).toBe('pending');
    await t.database.db.execute(
      sql`update balance_adjustments set requested_at = now() - interval '4 days' where id = ${held.id}`,
    );
    const listed = async (status: string) =>
      adjustmentListSchema
        .parse(
          (
            await inject(admin, 'GET', `/api/admin/adjustments?status=${status}&perPage=100`)
          ).json(),
        )
        .data.filter((a) => a.id === held.id);
    expect(await listed('pending')).toEqual([]);
    expect(await listed('expired')).toEqual([expect.objectContaining({ status: 'expired' })]);
    const approve = await inject(admin, 'POST', `/api/admin/adjustments/${held.id}/approve`, {
      reason: 'checked',
    });
    expect(approve.statusCode).toBe(409);
    expect(errorMessage(approve.body)).toMatch(/expired/);
    const reject = await inject(admin, 'POST', `/api/admin/adjustments/${held.id}/reject`, {
      reason: 'too late',
    });
    expect(reject.statusCode).toBe(409);
  });

  it('rejects a pending adjustment with a reason: nothing moves, the audit keeps who and why', async () => {
    const player = await registerPlayer(t);
    const finance = await signedInStaff(t, 'finance');
    const balanceOf = async () =>
      adminPlayerProfileSchema
        .parse((await inject(admin, 'GET', `/api/admin/players/${player.playerId}`)).json())
        .balances.find((b) => b.currency === 'GC' && b.kind === 'cash')?.balance ?? 0;
    const before = await balanceOf();
    const pending = adjustmentSchema.parse(
      (
        await inject(
          finance,
          'POST',
          `/api/admin/players/${player.playerId}/adjustments`,
          { currency: 'GC', amount: 90_000, reason: 'mistyped bonus' },
          { 'idempotency-key': randomUUID() },
        )
      ).json(),
    );
    expect(pending.status).toBe('pending');
    const reject = (staff: SignedInStaff, body: object) =>
      inject(staff, 'POST', `/api/admin/adjustments/${pending.id}/reject`, body);

    const noReason = await reject(admin, {});
    expect(errorBodySchema.parse(noReason.json()).details?.fields?.[0]?.field).toBe('body.reason');
    const rejected = await reject(admin, { reason: 'not what was agreed' });
    expect(rejected.statusCode).toBe(200);
    expect(adjustmentSchema.parse(rejected.json())).toMatchObject({
      status: 'rejected',
      appliedAt: null,
      ledgerTransactionId: null,
    });
    expect(await balanceOf()).toBe(before);
    // Out of the queue; approving or rejecting again is a conflict.
    const queue = adjustmentSchema.array().parse(
      (await inject(admin, 'GET', '/api/admin/adjustments?status=pending&perPage=100')).json<{
        data: unknown;
      }>().data,
    );
    expect(queue.some((a) => a.id === pending.id)).toBe(false);
    expect(
      (
        await inject(admin, 'POST', `/api/admin/adjustments/${pending.id}/approve`, {
          reason: 'checked',
        })
      ).statusCode,
    ).toBe(409);
    expect((await reject(finance, { reason: 'withdrawn' })).statusCode).toBe(409);

    const entry = (await auditOf(player.playerId)).find((e) => e.action === 'adjustment.rejected');
    expect(entry).toMatchObject({ staffId: admin.id, reason: 'not what was agreed' });
  });
});
