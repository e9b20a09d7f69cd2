import type { FloatSource, Step } from '../engine.ts';
import { handTotal } from './blackjack-hand.fns.ts';
import { BLACKJACK_RTP, blackjackStrategy } from './blackjack-play.fns.ts';
import { blackjackEv, createBlackjackEv, bestDecision } from './blackjack-strategy.fns.ts';
import {
  allowedActions,
  blackjackActionSchema,
  blackjackEngine,
  type BlackjackAction,
  type BlackjackState,
} from './blackjack.engine.ts';
import { mappedRankProbabilities } from './card.fns.ts';
import { EngineRuleError } from '../engine-rule-error.ts';
import {
  cardOfRank as c,
  expectationOverRanks,
  fairFloats,
  meanAndSd,
  scriptedCards,
  seededFloats,
} from './float-sources.test-support.ts';

const A = 1;
const J = 11;
const Q = 12;
const K = 13;
const BET = 1_000;

/** Deal player, dealer up, player, then the given ranks; returns the opening step and the source. */
function deal(ranks: number[]) {
  const floats = scriptedCards(ranks.map((rank) => c(rank)));
  return { floats, step: blackjackEngine.start(floats, BET, {}) };
}
const act = (floats: FloatSource, state: BlackjackState, type: BlackjackAction['type']) =>
  blackjackEngine.act!(floats, state, { type });

function ruleError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof EngineRuleError) return error.code;
    throw error;
  }
  throw new Error('no rule error');
}

/** Play a round to the end by basic strategy; returns the last step and everything staked. */
function playByStrategy(
  floats: FloatSource,
  bet: number,
): { step: Step<BlackjackState>; staked: number } {
  let step = blackjackEngine.start(floats, bet, {});
  let staked = bet;
  while (!step.done) {
    step = blackjackEngine.act!(floats, step.state, blackjackStrategy(step.state));
    staked += step.extraBet ?? 0;
  }
  return { step, staked };
}

describe('blackjack deal and settlement', () => {
  it('pays a natural 3:2 at once, the dealer turning only the hole card', () => {
    const { step } = deal([A, 9, K, 8]);
    expect(step).toMatchObject({ done: true, payout: 2_500 });
    expect(step.state.dealer.map((card) => (card % 13) + 1)).toEqual([9, 8]);
    expect(step.state.hands[0]!.result).toBe('blackjack');
  });

  it('pushes a natural against a dealer natural', () => {
    expect(deal([A, A, K, Q]).step).toMatchObject({ done: true, payout: 1_000 });
  });

  it('hides the hole card: it is not drawn until the player is finished', () => {
    const { step } = deal([5, 10, 6]);
    expect(step.done).toBe(false);
    expect(step.state.dealer).toHaveLength(1);
    expect(step.view).toMatchObject({
      dealer: { holeCardPending: true },
      actions: ['hit', 'stand', 'double'],
    });
    expect((step.view as { dealer: { cards: unknown[] } }).dealer.cards).toHaveLength(1);
  });

  it('no peek: a dealer blackjack also takes the doubled stake', () => {
    const { floats, step } = deal([5, 10, 6, 9, A]);
    const doubled = act(floats, step.state, 'double');
    expect(doubled.extraBet).toBe(1_000);
    expect(doubled).toMatchObject({ done: true, payout: 0 });
    expect(doubled.state.hands[0]).toMatchObject({ stake: 2_000, doubled: true, result: 'lose' });
  });

  it('dealer stands on soft 17; a bust hand loses without the dealer drawing on', () => {
    const { floats, step } = deal([10, A, 8, 6]);
    const stood = act(floats, step.state, 'stand');
    expect(handTotal(stood.state.dealer)).toMatchObject({ total: 17, soft: true });
    expect(stood).toMatchObject({ done: true, payout: 2_000 });

    const bust = deal([10, 7, 6, K, 5]);
    const busted = act(bust.floats, bust.step.state, 'hit');
    expect(busted).toMatchObject({ done: true, payout: 0 });
    expect(busted.state.dealer).toHaveLength(2); // hole card only
    expect(busted.state.hands[0]!.result).toBe('bust');
  });

  it('split aces take one card each and 21 after a split pays 1:1', () => {
    const { floats, step } = deal([A, 6, A, K, 5, 10, 2]);
    expect(allowedActions(step.state)).toContain('split');
    const split = act(floats, step.state, 'split');
    expect(split.extraBet).toBe(1_000);
    expect(split.done).toBe(true); // A+K = 21, A+5 = soft 16; dealer 6+10+2 = 18
    expect(split.state.hands.map((h) => h.result)).toEqual(['win', 'lose']);
    expect(split.payout).toBe(2_000);
  });

  it('allows a double after a split, not a second split', () => {
    const { floats, step } = deal([8, 6, 8, 8, 3, 10, 9, 10]);
    const split = act(floats, step.state, 'split'); // hand 1: 8,8
    expect(split.state.hands[0]!.cards).toHaveLength(2);
    expect(ruleError(() => act(floats, split.state, 'split'))).toBe('CANNOT_SPLIT');
    const stood = act(floats, split.state, 'stand'); // hand 2 receives its 3: 8,3 = 11
    expect(stood.state.active).toBe(1);
    const doubled = act(floats, stood.state, 'double'); // 11 + 10 = 21; dealer 6+9 = 15, +10 bust
    expect(doubled.extraBet).toBe(1_000);
    expect(doubled.state.hands.map((h) => [h.stake, h.result])).toEqual([
      [1_000, 'win'],
      [2_000, 'win'],
    ]);
    expect(doubled.payout).toBe(6_000);
  });

  it('refuses a double after a hit, a split of unlike ranks and any action once settled', () => {
    const hit = deal([5, 10, 6, 2]);
    const afterHit = act(hit.floats, hit.step.state, 'hit');
    expect(ruleError(() => act(hit.floats, afterHit.state, 'double'))).toBe('CANNOT_DOUBLE');
    expect(ruleError(() => act(scriptedCards([]), deal([K, 10, Q]).step.state, 'split'))).toBe(
      'CANNOT_SPLIT',
    );
    const settled = deal([A, 9, K, 8]).step;
    expect(ruleError(() => act(scriptedCards([]), settled.state, 'stand'))).toBe('ROUND_OVER');
  });

  it('accepts only hit, stand, double and split', () => {
    expect(blackjackActionSchema.safeParse({ type: 'double' }).success).toBe(true);
    expect(blackjackActionSchema.safeParse({ type: 'surrender' }).success).toBe(false);
    expect(blackjackActionSchema.safeParse({ type: 'insurance' }).success).toBe(false);
  });
});

describe('blackjack basic strategy (unlimited deck, no hole card, S17)', () => {
  const decide = (ranks: [number, number], up: number) => {
    const { step } = deal([ranks[0], up, ranks[1]]);
    return blackjackStrategy(step.state).type;
  };
  it.each([
    [[10, 6], 10, 'hit'],
    [[10, 2], 4, 'stand'],
    [[10, 2], 3, 'hit'],
    [[6, 5], 6, 'double'],
    [[6, 5], 10, 'hit'], // no hole card: 11 v 10 only hits
    [[6, 5], A, 'hit'],
    [[A, 7], 9, 'hit'],
    [[A, 7], 3, 'double'],
    [[A, A], 6, 'split'],
    [[A, A], A, 'hit'], // no hole card: do not split aces against an ace
    [[8, 8], 6, 'split'],
    [[8, 8], 10, 'hit'], // no hole card: do not split 8s against a ten
    [[K, K], 6, 'stand'],
    [[9, 9], 7, 'stand'],
    [[9, 9], 8, 'split'],
  ] as const)('%j against %i: %s', (ranks, up, expected) => {
    expect(decide([ranks[0], ranks[1]], up)).toBe(expected);
  });

  it('uses the dealer outcome tables of an unlimited deck', () => {
    const six = blackjackEv().dealerOutcomes(6);
    expect(six[5]).toBeCloseTo(0.42315, 5); // bust with a 6 up
    const ace = blackjackEv().dealerOutcomes(1);
    expect(ace[6]).toBeCloseTo(4 / 13, 12); // natural with an ace up, no peek
    expect(ace.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
  });
});

describe('blackjack exact RTP (F3)', () => {
  it('advertises 99.318 % for optimal play', () => {
    expect(blackjackEngine.rtp).toBe(BLACKJACK_RTP);
    expect(BLACKJACK_RTP).toBeCloseTo(0.99318239, 8);
  });

  it('the float mapping moves it by less than 0.01 pp', () => {
    const mapped = 1 + createBlackjackEv(mappedRankProbabilities()).roundEv();
    expect(Math.abs(mapped - BLACKJACK_RTP)).toBeLessThan(1e-4);
  });

  /** EV per bet of a decision, enumerated through the engine over every card sequence. */
  const enumerated = (ranks: [number, number, number], decision: BlackjackAction['type']) =>
    expectationOverRanks(
      (floats) => {
        const opened = blackjackEngine.start(floats, BET, {});
        let step = act(floats, opened.state, decision);
        let staked = BET + (step.extraBet ?? 0);
        while (!step.done) {
          step = blackjackEngine.act!(floats, step.state, blackjackStrategy(step.state));
          staked += step.extraBet ?? 0;
        }
        return (step.payout - staked) / BET;
      },
      ranks.map((rank) => c(rank)),
    );
  const model = (
    ranks: [number, number, number],
    decision: 'stand' | 'hit' | 'double' | 'split',
  ) => {
    const { step } = deal(ranks);
    const situation = {
      hard: handTotal(step.state.hands[0]!.cards).hard,
      hasAce: ranks[0] === A || ranks[2] === A,
      canDouble: true,
      pairValue: ranks[0] === ranks[2] ? Math.min(ranks[0], 10) : null,
    };
    return blackjackEv().decisionEvs(situation, Math.min(ranks[1], 10))[decision]!;
  };

  it.each([
    [[10, 10, 6], 'stand'],
    [[6, 6, 5], 'double'],
    [[10, 10, 7], 'hit'],
    [[A, J, A], 'split'],
  ] as const)(
    'the engine played out on every card sequence matches the EV model: %j %s',
    (ranks, decision) => {
      const cards: [number, number, number] = [ranks[0], ranks[1], ranks[2]];
      expect(enumerated(cards, decision)).toBeCloseTo(model(cards, decision), 9);
    },
  );

  it('bestDecision picks the highest EV', () => {
    expect(bestDecision({ stand: -0.5, hit: -0.2, double: -0.3 })).toBe('hit');
  });
});

describe('blackjack fairness vectors', () => {
  it('deals the known-answer floats: 5♣ to the player, 6♣ up, 10♠ to the player', () => {
    const floats = fairFloats('def', 'abc', 0);
    const { step } = playByStrategy(floats, BET);
    expect(step.state.hands[0]!.cards.slice(0, 2)).toEqual([43, 9]);
    expect(step.state.dealer[0]).toBe(44);
    // The player stands on 15 against a 6; the dealer turns 2♣ (8) and draws 10♠: 18.
    expect(step.state.dealer).toEqual([44, 40, 9]);
    expect(step).toMatchObject({
      done: true,
      payout: 0,
      state: { hands: [{ result: 'lose', stake: 1_000 }] },
    });
  });

  it('resumes from the stored state and float cursor with identical results', () => {
    for (let nonce = 0; nonce < 30; nonce += 1) {
      const straight = fairFloats('seed-resume', 'client', nonce);
      let step = blackjackEngine.start(straight, BET, {});
      const run = [step];
      const actions: BlackjackAction[] = [];
      while (!step.done) {
        actions.push(blackjackStrategy(step.state));
        step = blackjackEngine.act!(straight, step.state, actions.at(-1)!);
        run.push(step);
      }
      let floats = fairFloats('seed-resume', 'client', nonce, 0);
      let resumed = blackjackEngine.start(floats, BET, {});
      expect(resumed).toEqual(run[0]);
      actions.forEach((action, i) => {
        const stored = JSON.parse(JSON.stringify(resumed.state)) as BlackjackState;
        floats = fairFloats('seed-resume', 'client', nonce, floats.used);
        resumed = blackjackEngine.act!(floats, stored, action);
        expect(resumed).toEqual(run[i + 1]);
      });
    }
  });
});

describe('blackjack simulation (F4)', () => {
  it('basic strategy over seeded rounds lands within 3.29·σ/√N of the exact RTP', () => {
    const n = 150_000;
    const floats = seededFloats(777);
    const net: number[] = [];
    let started = performance.now();
    for (let i = 0; i < n; i += 1) {
      const { step, staked } = playByStrategy(floats, BET);
      net.push((step.payout - staked) / BET);
    }
    started = performance.now() - started;
    const { mean, sd } = meanAndSd(net);
    expect(Math.abs(1 + mean - BLACKJACK_RTP)).toBeLessThan((3.29 * sd) / Math.sqrt(n));
    expect(sd).toBeGreaterThan(1);
    expect(started).toBeGreaterThan(0);
  }, 20_000);
});
