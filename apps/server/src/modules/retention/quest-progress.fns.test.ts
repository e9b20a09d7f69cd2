import fc from 'fast-check';
import type { QuestTaskRule } from '@coinfall/shared';
import {
  advanceTask,
  contribution,
  type Occurrence,
  type TaskProgress,
} from './quest-progress.fns.ts';

const rule = (over: Partial<QuestTaskRule>): QuestTaskRule => ({
  kind: 'play-rounds',
  target: 10,
  currency: null,
  gameIdentities: null,
  collection: null,
  minMultiplier: null,
  ...over,
});
const round = (over: Partial<Extract<Occurrence, { kind: 'round' }>> = {}): Occurrence => ({
  kind: 'round',
  gameIdentity: 'dice',
  collections: ['originals'],
  currency: 'GC',
  bet: 100,
  payout: 0,
  ...over,
});
const zero: TaskProgress = { progress: 0, seen: [] };

describe('task kinds', () => {
  it('play-rounds counts matching rounds; currency, games and collection filter them', () => {
    expect(contribution(rule({}), round())).toEqual({ add: 1 });
    expect(contribution(rule({ currency: 'SC' }), round())).toBeNull();
    expect(contribution(rule({ gameIdentities: ['limbo'] }), round())).toBeNull();
    expect(contribution(rule({ gameIdentities: ['dice'] }), round())).toEqual({ add: 1 });
    expect(contribution(rule({ collection: 'slots' }), round())).toBeNull();
    expect(contribution(rule({ collection: 'originals' }), round())).toEqual({ add: 1 });
    expect(contribution(rule({}), { kind: 'purchase' })).toBeNull();
  });

  it('wager sums stakes; win sums what came back above the stake', () => {
    expect(contribution(rule({ kind: 'wager' }), round({ bet: 250 }))).toEqual({ add: 250 });
    expect(contribution(rule({ kind: 'wager' }), round({ bet: 0 }))).toBeNull();
    expect(contribution(rule({ kind: 'win' }), round({ bet: 100, payout: 350 }))).toEqual({
      add: 250,
    });
    // A push or a partial return is no win (decision 023).
    expect(contribution(rule({ kind: 'win' }), round({ bet: 100, payout: 100 }))).toBeNull();
    expect(contribution(rule({ kind: 'win' }), round({ bet: 100, payout: 50 }))).toBeNull();
  });

  it('win-multiplier counts rounds paying at least the multiplier', () => {
    const r = rule({ kind: 'win-multiplier', minMultiplier: 250 });
    expect(contribution(r, round({ bet: 100, payout: 250 }))).toEqual({ add: 1 });
    expect(contribution(r, round({ bet: 100, payout: 249 }))).toBeNull();
    expect(contribution(r, round({ bet: 0, payout: 0 }))).toBeNull();
  });

  it('play-distinct-games and login-days count each key once', () => {
    const games = rule({ kind: 'play-distinct-games', target: 2 });
    const one = advanceTask(games, zero, round({ gameIdentity: 'dice' }))!;
    expect(one.progress).toBe(1);
    expect(advanceTask(games, one, round({ gameIdentity: 'dice' }))).toBeNull();
    expect(advanceTask(games, one, round({ gameIdentity: 'limbo' }))!.progress).toBe(2);
    const days = rule({ kind: 'login-days', target: 3 });
    const d1 = advanceTask(days, zero, { kind: 'login', day: '2026-11-26' })!;
    expect(advanceTask(days, d1, { kind: 'login', day: '2026-11-26' })).toBeNull();
    expect(advanceTask(days, d1, { kind: 'login', day: '2026-11-27' })!.progress).toBe(2);
  });

  it('purchase, verification and profile tasks take their own occurrence only', () => {
    expect(contribution(rule({ kind: 'purchase' }), { kind: 'purchase' })).toEqual({ add: 1 });
    const email = rule({ kind: 'verify-email', target: 1 });
    expect(contribution(email, { kind: 'verified', what: 'email' })).toEqual({ add: 1 });
    expect(contribution(email, { kind: 'verified', what: 'phone' })).toBeNull();
    expect(
      contribution(rule({ kind: 'verify-phone' }), { kind: 'verified', what: 'phone' }),
    ).toEqual({ add: 1 });
    expect(
      contribution(rule({ kind: 'verify-identity' }), { kind: 'verified', what: 'identity' }),
    ).toEqual({ add: 1 });
    expect(contribution(rule({ kind: 'complete-profile' }), { kind: 'profile-completed' })).toEqual(
      { add: 1 },
    );
  });

  it('caps progress at the target and then stops moving', () => {
    const r = rule({ kind: 'wager', target: 150 });
    const a = advanceTask(r, zero, round({ bet: 100 }))!;
    const b = advanceTask(r, a, round({ bet: 100 }))!;
    expect(b.progress).toBe(150);
    expect(advanceTask(r, b, round({ bet: 100 }))).toBeNull();
  });
});

const occurrenceArb: fc.Arbitrary<Occurrence> = fc.oneof(
  fc.record({
    kind: fc.constant('round' as const),
    gameIdentity: fc.constantFrom('dice', 'limbo', 'plinko'),
    collections: fc.constantFrom(['originals'], ['slots'], []),
    currency: fc.constantFrom('GC', 'SC'),
    bet: fc.integer({ min: 0, max: 1_000 }),
    payout: fc.integer({ min: 0, max: 5_000 }),
  }),
  fc.constant({ kind: 'purchase' as const }),
  fc.integer({ min: 1, max: 5 }).map((d) => ({ kind: 'login' as const, day: `2026-11-0${d}` })),
  fc.constantFrom('email', 'phone', 'identity').map((what) => ({
    kind: 'verified' as const,
    what,
  })),
  fc.constant({ kind: 'profile-completed' as const }),
);

const ruleArb: fc.Arbitrary<QuestTaskRule> = fc.record({
  kind: fc.constantFrom(
    'play-rounds',
    'wager',
    'win',
    'win-multiplier',
    'play-distinct-games',
    'purchase',
    'login-days',
    'verify-email',
    'verify-phone',
    'verify-identity',
    'complete-profile',
  ),
  target: fc.integer({ min: 1, max: 3_000 }),
  currency: fc.constantFrom(null, 'GC'),
  gameIdentities: fc.constantFrom(null, ['dice'], ['dice', 'limbo']),
  collection: fc.constantFrom(null, 'originals'),
  minMultiplier: fc.constantFrom(null, 150, 300),
});

/** What the consumer does: each event id applied once, in delivery order. */
function deliver(r: QuestTaskRule, events: { id: number; o: Occurrence }[]): number {
  const applied = new Set<number>();
  let state = zero;
  for (const e of events) {
    if (applied.has(e.id)) continue;
    applied.add(e.id);
    state = advanceTask(r, state, e.o) ?? state;
  }
  return state.progress;
}

describe('property: delivery order and redelivery', () => {
  it('any interleaving and redelivery of the same events gives the same progress', () => {
    fc.assert(
      fc.property(
        ruleArb,
        fc.array(occurrenceArb, { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.infiniteStream(fc.nat()),
        (r, occurrences, repeats, seeds) => {
          const events = occurrences.map((o, id) => ({ id, o }));
          const once = deliver(r, events);
          // Redeliver some events, then shuffle the whole stream.
          const redelivered = [
            ...events,
            ...repeats.flatMap((n) => (events.length ? [events[n % events.length]!] : [])),
          ];
          const shuffled = redelivered
            .map((e) => ({ e, k: seeds.next().value as number }))
            .sort((a, b) => a.k - b.k)
            .map((x) => x.e);
          expect(deliver(r, shuffled)).toBe(once);
          expect(once).toBeLessThanOrEqual(r.target);
        },
      ),
    );
  });
});
