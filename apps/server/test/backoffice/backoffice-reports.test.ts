import { ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_CSV_COLUMNS,
  WELCOME_COINS,
  adminReportSchema,
  auditListSchema,
  type AdminReport,
  type ReportCurrencyRow,
} from '@coinfall/shared';
import { bonusDefinitions } from '../../src/db/schema/index.ts';
import { reportQueries } from '../../src/modules/backoffice/reports.repo.ts';
import {
  CARDS,
  invoiceOf,
  payPurchase,
  payingPlayer,
  saveCard,
  startPurchase,
} from '../payment/payment-fixtures.ts';
import { bearer, failedFields, register } from '../player/player-fixtures.ts';
import { withoutQuests } from '../retention/retention-fixtures.ts';
import { rgsFixtures } from '../rgs/rgs-fixtures.ts';
import { redemptionFixtures } from '../redemption/redemption-fixtures.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { errorCode, signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

/** RFC 4180, enough for the export: quoted fields with doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  expect(field, 'the last row ends with CRLF').toBe('');
  return rows;
}

const today = () => new Date().toISOString().slice(0, 10);
const ZERO: Omit<ReportCurrencyRow, 'currency'> = {
  purchases: 0,
  purchaseCount: 0,
  redemptions: 0,
  redemptionCount: 0,
  stakes: 0,
  wins: 0,
  ggr: 0,
  bonusCost: 0,
  ngr: 0,
  activePlayers: 0,
};

describe('back office: daily reports (issue 17)', () => {
  let t: TestApp;
  let finance: SignedInStaff;
  let support: SignedInStaff;
  beforeAll(async () => {
    t = await createTestApp();
    // Exact figures: no quest reward, match bonus or loyalty reward lands on its own meanwhile.
    await withoutQuests(t);
    await t.database.db
      .update(bonusDefinitions)
      .set({ enabled: false })
      .where(ne(bonusDefinitions.slug, 'welcome'));
    finance = await signedInStaff(t, 'finance');
    support = await signedInStaff(t, 'support');
  });
  afterAll(async () => t?.close());

  const settleEvents = async () => {
    t.app.eventDelivery.dispatcher.wake();
    await t.app.eventDelivery.dispatcher.idle();
  };
  async function report(query = `from=${today()}&to=${today()}`): Promise<AdminReport> {
    await settleEvents();
    const res = await t.app.inject({
      url: `/api/admin/reports/daily?${query}`,
      headers: finance.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return adminReportSchema.parse(res.json());
  }
  const rowOf = (r: AdminReport, currency: string) => ({
    ...ZERO,
    ...r.days.at(-1)!.currencies.find((c) => c.currency === currency),
  });

  it('agrees with a hand-computed day: purchases, rounds, a promotion, a redemption, sign-ups', async () => {
    // The cast, before the day's figures are read.
    const buyer = await payingPlayer(t);
    const card = await saveCard(t, buyer.token, CARDS.instant);
    const purchase = await startPurchase(t, buyer.token);
    const rgs = rgsFixtures(t);
    const money = redemptionFixtures(t);
    const gamer = await rgs.scPlayer(50_000);
    const before = await report();

    // 1. A purchase: its price in USD; its free Sweeps Coins come from promotions.
    const invoice = invoiceOf(await payPurchase(t, buyer.token, purchase.id, card));
    // 2. Rounds: three dice rounds count; a mines round rolled back refunds and does not.
    const dice = await rgs.launch(gamer, 'dice');
    let stakes = 0;
    let wins = 0;
    for (const bet of [500, 1_000, 2_000]) {
      const { round } = await rgs.start(dice, { bet, params: { target: 50 } });
      stakes += round.bet;
      wins += round.payout;
    }
    const mines = await rgs.launch(gamer, 'mines');
    const open = await rgs.start(mines, { bet: 1_000, params: { mines: 3 } });
    const rollback = await t.app.inject({
      method: 'POST',
      url: `/api/admin/rounds/${open.round.id}/rollback`,
      headers: support.headers,
      payload: { reason: 'stuck round' },
    });
    expect(rollback.statusCode, rollback.body).toBe(200);
    // 3. A promotion credit of 700 SC.
    await money.creditBonus(gamer, 700);
    // 4. A redemption of 10,000 SC, paid.
    const payout = money.invoiceOf(await money.redeem(gamer, 10_000));
    expect((await money.settle(payout.id, 'success')).statusCode).toBe(200);
    // 5. Two sign-ups, each with the welcome coins.
    await register(t);
    await register(t);

    const after = await report();
    const delta = (currency: string) => {
      const [a, b] = [rowOf(after, currency), rowOf(before, currency)];
      return Object.fromEntries(
        Object.keys(ZERO).map((k) => [k, a[k as keyof typeof ZERO] - b[k as keyof typeof ZERO]]),
      );
    };
    const sweeps = purchase.sweepsCoins;
    expect(delta(invoice.currency)).toMatchObject({
      purchases: invoice.amount,
      purchaseCount: 1,
    });
    const scBonus = sweeps + 700 + 2 * WELCOME_COINS.SC;
    expect(delta('SC')).toEqual({
      ...ZERO,
      redemptions: 10_000,
      redemptionCount: 1,
      stakes,
      wins,
      ggr: stakes - wins,
      bonusCost: scBonus,
      ngr: stakes - wins - scBonus,
      // The gamer had no round today before.
      activePlayers: 1,
    });
    expect(delta('GC')).toMatchObject({ bonusCost: 2 * WELCOME_COINS.GC, stakes: 0 });
    const [dayBefore, dayAfter] = [before.days.at(-1)!, after.days.at(-1)!];
    expect(dayAfter.newRegistrations - dayBefore.newRegistrations).toBe(2);
    expect(dayAfter.activePlayers - dayBefore.activePlayers).toBe(1);

    // The CSV says the same, parses, and its export is audited.
    const csv = await t.app.inject({
      url: `/api/admin/reports/daily.csv?from=${today()}&to=${today()}`,
      headers: finance.headers,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual([...REPORT_CSV_COLUMNS]);
    const sc = rows.find((r) => r[1] === 'SC')!;
    const json = rowOf(after, 'SC');
    expect(sc.slice(2).map(Number)).toEqual([
      json.purchases,
      json.purchaseCount,
      json.redemptions,
      json.redemptionCount,
      json.stakes,
      json.wins,
      json.ggr,
      json.bonusCost,
      json.ngr,
      json.activePlayers,
      0,
    ]);
    expect(sc[12]).toBe('');
    const all = rows.find((r) => r[1] === '*')!;
    expect(all.slice(11).map(Number)).toEqual([dayAfter.activePlayers, dayAfter.newRegistrations]);
    const audit = auditListSchema.parse(
      (
        await t.app.inject({
          url: `/api/admin/audit?action=report.exported&staffId=${finance.id}`,
          headers: finance.headers,
        })
      ).json(),
    ).data;
    expect(audit).toHaveLength(1);
  });

  it('answers every day of the range, empty ones with no currency rows', async () => {
    const r = await report('from=2020-02-27&to=2020-03-01');
    expect(r.days.map((d) => d.day)).toEqual([
      '2020-02-27',
      '2020-02-28',
      '2020-02-29',
      '2020-03-01',
    ]);
    expect(r.days.every((d) => d.currencies.length === 0 && d.newRegistrations === 0)).toBe(true);
  });

  it('refuses bad ranges naming the field, and roles without reports.read', async () => {
    const get = (url: string, headers: Record<string, string> = finance.headers) =>
      t.app.inject({ url, headers });
    expect(
      failedFields(await get('/api/admin/reports/daily?from=2026-13-01&to=2026-01-02')),
    ).toEqual(['query.from']);
    expect(failedFields(await get('/api/admin/reports/daily?from=2026-01-02'))).toEqual([
      'query.to',
    ]);
    expect(
      failedFields(await get('/api/admin/reports/daily?from=2026-02-01&to=2026-01-01')),
    ).toEqual(['query.to']);
    expect(
      failedFields(await get('/api/admin/reports/daily.csv?from=2024-01-01&to=2026-01-01')),
    ).toEqual(['query.to']);
    expect(
      (await get('/api/admin/reports/daily.csv?from=2026-01-01&to=2026-01-01', support.headers))
        .statusCode,
    ).toBe(403);
    expect(
      errorCode((await get('/api/admin/reports/daily?from=2026-01-01&to=2026-01-01', {})).body),
    ).toBe('STAFF_UNAUTHENTICATED');
    const player = await register(t);
    const asPlayer = await get(
      '/api/admin/reports/daily?from=2026-01-01&to=2026-01-01',
      bearer(player.accessToken),
    );
    expect(errorCode(asPlayer.body)).toBe('STAFF_UNAUTHENTICATED');
  });

  it('reads each source through its index of migration 0027 (EXPLAIN, sequential scans off)', async () => {
    const range = { from: new Date(Date.now() - 86_400_000), to: new Date() };
    const expected = {
      invoices: 'invoices_processed_idx',
      rounds: 'game_rounds_settled_idx',
      bonusCost: 'ledger_transactions_not_round_created_idx',
      registrations: 'players_created_idx',
    } as const;
    const accounts: unknown = await t.database.db.execute(reportQueries.promotionsAccounts());
    const promotions = (accounts as { rows: { id: string }[] }).rows.map((r) => r.id);
    const queries = {
      invoices: reportQueries.invoices(range),
      rounds: reportQueries.rounds(range),
      bonusCost: reportQueries.bonusCost(range, promotions),
      registrations: reportQueries.registrations(range),
    };
    for (const [name, index] of Object.entries(expected)) {
      const plan = await t.database.db.transaction(async (tx) => {
        // Tiny tables make a sequential scan the cheapest: this shows the index applies.
        await tx.execute(sql`set local enable_seqscan = off`);
        const result: unknown = await tx.execute(
          sql`explain ${queries[name as keyof typeof expected]}`,
        );
        return (result as { rows: Record<string, string>[] }).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      });
      expect(plan, name).toContain(index);
    }
  });
});
