import { describe, expect, it } from 'vitest';
import { assembleReport, csvField, daysOf, reportCsv } from './reports.fns.ts';

describe('daysOf', () => {
  it('lists every UTC day, both ends included, across a leap day', () =>
    expect(daysOf('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']));
});

describe('csvField', () => {
  it('quotes what would break a row, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(-12)).toBe('-12');
    expect(csvField(null)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });
});

describe('assembleReport', () => {
  const report = assembleReport(
    { from: '2026-01-01', to: '2026-01-02' },
    {
      invoices: [
        {
          day: '2026-01-01',
          currency: 'USD',
          purchases: '999',
          purchase_count: '1',
          redemptions: '0',
          redemption_count: '0',
        },
      ],
      rounds: [
        { day: '2026-01-01', currency: 'SC', stakes: '500', wins: 200, active_players: '2' },
        { day: '2026-01-01', currency: null, stakes: '500', wins: 200, active_players: '3' },
      ],
      bonusCost: [{ day: '2026-01-01', currency: 'SC', amount: '120' }],
      registrations: [{ day: '2026-01-02', count: '4' }],
    },
  );

  it('computes GGR and NGR per day and currency, every day present', () => {
    expect(report.days.map((d) => d.day)).toEqual(['2026-01-01', '2026-01-02']);
    const [first, second] = report.days;
    expect(first!.activePlayers).toBe(3);
    expect(first!.currencies.map((c) => c.currency)).toEqual(['SC', 'USD']);
    expect(first!.currencies[0]).toMatchObject({
      stakes: 500,
      wins: 200,
      ggr: 300,
      bonusCost: 120,
      ngr: 180,
      activePlayers: 2,
    });
    expect(second).toEqual({
      day: '2026-01-02',
      newRegistrations: 4,
      activePlayers: 0,
      currencies: [],
    });
  });

  it('writes a header, a row per currency and a * row per day', () => {
    expect(reportCsv(report).split('\r\n')).toEqual([
      'day,currency,purchases,purchase_count,redemptions,redemption_count,stakes,wins,ggr,bonus_cost,ngr,active_players,new_registrations',
      '2026-01-01,SC,0,0,0,0,500,200,300,120,180,2,',
      '2026-01-01,USD,999,1,0,0,0,0,0,0,0,0,',
      '2026-01-01,*,,,,,,,,,,3,0',
      '2026-01-02,*,,,,,,,,,,0,4',
      '',
    ]);
  });
});
