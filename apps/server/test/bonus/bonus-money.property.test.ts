import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { BonusStatus } from '@coinfall/shared';
import type { BonusDefinitionRow } from '../../src/modules/bonus/bonus.repo.ts';
import type { PlayerBonusRecord } from '../../src/modules/bonus/bonus.repo.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import {
  asPlayer,
  balanceOf,
  definition,
  expectLedgerSound,
  newPlayer,
  promotions,
} from './bonus-fixtures.ts';

/*
 * Money is neither created nor destroyed by the bonus lifecycle: over random sequences of grant,
 * activate, cancel, expire and convert, for each currency the player's cash and bonus balances
 * move by exactly what the house promotions account moves the other way, the bonus account holds
 * exactly the amount of the one active bonus (nothing is played here), and the ledger invariants
 * hold.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:` });
});
afterAll(() => t.close());

const SLUGS = ['holiday-2026', 'no-deposit-sc', 'first-purchase-match', 'welcome', 'daily'];
const CURRENCIES = ['GC', 'SC'] as const;

type Step =
  | { op: 'grant'; slug: string; basis: number }
  | { op: 'activate' | 'cancel' | 'expire' | 'convert'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('grant' as const),
    slug: fc.constantFrom(...SLUGS),
    basis: fc.integer({ min: 1, max: 2_000_000 }),
  }),
  fc.record({
    op: fc.constantFrom(
      'activate' as const,
      'cancel' as const,
      'expire' as const,
      'convert' as const,
    ),
    pick: fc.nat(),
  }),
);

async function holdings(playerId: string) {
  const out: Record<string, number> = {};
  for (const c of CURRENCIES) {
    out[c] =
      (await balanceOf(t, playerId, c, 'player')) +
      (await balanceOf(t, playerId, c, 'bonus')) +
      (await promotions(t, c));
  }
  return out;
}

describe('bonus money (property)', () => {
  it('is conserved over random grant / activate / cancel / expire / convert sequences', async () => {
    const definitions = new Map<string, BonusDefinitionRow>();
    for (const slug of SLUGS) definitions.set(slug, await definition(t, slug));
    const lifecycle = t.app.bonus.lifecycle;

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const { playerId } = await newPlayer(t);
        const before = await holdings(playerId);
        const held: PlayerBonusRecord[] = [];
        for (const s of steps) {
          await asPlayer(t, playerId, async (tx) => {
            if (s.op === 'grant') {
              const granted = await lifecycle.grant(tx, {
                playerId,
                definition: definitions.get(s.slug)!,
                source: randomUUID(),
                basis: { GC: s.basis, SC: s.basis },
              });
              held.push(...(granted?.bonuses ?? []));
              return;
            }
            const open = held.filter((b) => b.status !== BonusStatus.Finished);
            const target = open[s.pick % Math.max(1, open.length)];
            if (!target) return;
            const row = await t.app.bonus.repo.lockBonus(tx, playerId, target.id);
            if (!row) throw new Error(`bonus ${target.id} vanished`);
            const done = await (
              s.op === 'activate'
                ? lifecycle.activate(tx, playerId, row.id)
                : s.op === 'convert'
                  ? lifecycle.finish(tx, row, 'complete')
                  : lifecycle.finish(tx, row, s.op)
            ).catch((err: unknown) => {
              // Refused transitions (activating a finished bonus, converting an issued one…)
              // answer 409 and change nothing; anything else is a failure.
              if ((err as { code?: string }).code === 'CONFLICT') return null;
              throw err;
            });
            if (done) held[held.findIndex((b) => b.id === done.id)] = done;
          });
          // A refused step rolled its transaction back: read the rows as they are now.
          for (const [i, b] of held.entries()) {
            const now = await asPlayer(t, playerId, (tx) =>
              t.app.bonus.repo.lockBonus(tx, playerId, b.id),
            );
            if (now) held[i] = now;
          }
        }
        expect(await holdings(playerId)).toEqual(before);
        for (const c of CURRENCIES) {
          const active = held.filter((b) => b.currency === c && b.status === BonusStatus.Active);
          expect(active.length).toBeLessThanOrEqual(1);
          expect(await balanceOf(t, playerId, c, 'bonus')).toBe(active[0]?.amount ?? 0);
        }
      }),
      { numRuns: 12 },
    );
    await expectLedgerSound(t);
  });
});
