import { SLOT_ENGINES } from './index.ts';
import type { SlotSpinView } from './slot-engine.ts';
import { fairFloats, playRound } from './test/slot-rounds.ts';

/**
 * Known answers (check F1): server seed "def", client seed "abc", bet 100 minor units. Each
 * machine pins three plain rounds, its first free-spin round and its first bonus among the
 * nonces, so any change to a strip, a pay table or the float mapping fails here.
 */
const VECTORS: Record<
  string,
  {
    nonce: number;
    stops: number[];
    grid: string[];
    firstSpinE4: number;
    steps: number;
    totalWinE4: number;
    payout: number;
  }[]
> = {
  'slot:frosty-fortunes': [
    {
      nonce: 0,
      stops: [19, 20, 4, 18, 4],
      grid: ['SNOWMAN A REINDEER', 'SNOWMAN 10 J', 'J Q REINDEER', 'A Q SNOWMAN', 'K SNOWMAN A'],
      firstSpinE4: 0,
      steps: 1,
      totalWinE4: 0,
      payout: 0,
    },
    {
      nonce: 1,
      stops: [10, 15, 4, 13, 20],
      grid: ['J K BONUS', 'K WILD Q', 'J Q REINDEER', 'SANTA WILD Q', 'A SNOWMAN SLEIGH'],
      firstSpinE4: 3500,
      steps: 1,
      totalWinE4: 3500,
      payout: 35,
    },
    {
      nonce: 2,
      stops: [3, 23, 9, 12, 19],
      grid: [
        'SLEIGH 10 K',
        'SNOWMAN SCAT SLEIGH',
        'A SNOWMAN SANTA',
        'BONUS SANTA WILD',
        '10 A SNOWMAN',
      ],
      firstSpinE4: 0,
      steps: 1,
      totalWinE4: 0,
      payout: 0,
    },
    {
      nonce: 40,
      stops: [23, 20, 22, 2, 22],
      grid: [
        'J SCAT SANTA',
        'SNOWMAN 10 J',
        'A 10 SCAT',
        'SNOWMAN REINDEER A',
        'SLEIGH REINDEER SCAT',
      ],
      firstSpinE4: 17200,
      steps: 11,
      totalWinE4: 249700,
      payout: 2497,
    },
    {
      nonce: 69,
      stops: [12, 11, 23, 10, 23],
      grid: ['BONUS 10 Q', 'Q BONUS SLEIGH', '10 SCAT K', 'K SLEIGH BONUS', 'REINDEER SCAT 10'],
      firstSpinE4: 215500,
      steps: 1,
      totalWinE4: 215500,
      payout: 2155,
    },
  ],
  'slot:lucky-clover': [
    {
      nonce: 0,
      stops: [19, 20, 4, 18, 4],
      grid: ['K 10 HORSESHOE', 'WILD A Q', 'J K HAT', 'Q HORSESHOE LEPRECHAUN', 'A J A'],
      firstSpinE4: 4500,
      steps: 1,
      totalWinE4: 4500,
      payout: 45,
    },
    {
      nonce: 1,
      stops: [10, 15, 4, 13, 20],
      grid: ['10 Q BONUS', 'A Q J', 'J K HAT', 'A WILD K', 'LEPRECHAUN K 10'],
      firstSpinE4: 0,
      steps: 1,
      totalWinE4: 0,
      payout: 0,
    },
    {
      nonce: 2,
      stops: [3, 23, 9, 12, 19],
      grid: [
        'LEPRECHAUN HAT Q',
        'K SCAT LEPRECHAUN',
        'A WILD HORSESHOE',
        'BONUS A WILD',
        'HAT LEPRECHAUN K',
      ],
      firstSpinE4: 0,
      steps: 1,
      totalWinE4: 0,
      payout: 0,
    },
    {
      nonce: 40,
      stops: [23, 20, 22, 2, 22],
      grid: ['HAT SCAT J', 'WILD A Q', 'Q HAT SCAT', 'HAT HORSESHOE J', '10 A SCAT'],
      firstSpinE4: 26700,
      steps: 9,
      totalWinE4: 148700,
      payout: 1487,
    },
    {
      nonce: 69,
      stops: [12, 11, 23, 10, 23],
      grid: ['BONUS A HORSESHOE', 'HAT BONUS 10', 'HAT SCAT LEPRECHAUN', 'A K BONUS', 'A SCAT K'],
      firstSpinE4: 176700,
      steps: 1,
      totalWinE4: 176700,
      payout: 1767,
    },
  ],
  'slot:neon-nights': [
    {
      nonce: 0,
      stops: [18, 18, 4, 17, 4],
      grid: ['SEVEN Q A', 'WILD A BELL', 'WILD BAR WILD', 'BAR CHERRY BELL', 'CHERRY BAR WILD'],
      firstSpinE4: 8000,
      steps: 1,
      totalWinE4: 8000,
      payout: 80,
    },
    {
      nonce: 1,
      stops: [9, 14, 3, 12, 18],
      grid: [
        'CHERRY K A',
        'CHERRY BELL CHERRY',
        'CHERRY WILD BAR',
        'SEVEN CHERRY BELL',
        'A CHERRY Q',
      ],
      firstSpinE4: 43200,
      steps: 1,
      totalWinE4: 43200,
      payout: 432,
    },
    {
      nonce: 2,
      stops: [2, 21, 8, 11, 18],
      grid: ['BELL Q BELL', 'K SCAT SEVEN', 'J A BELL', 'Q SEVEN CHERRY', 'A CHERRY Q'],
      firstSpinE4: 0,
      steps: 1,
      totalWinE4: 0,
      payout: 0,
    },
    {
      nonce: 40,
      stops: [21, 19, 21, 1, 20],
      grid: ['BAR SCAT CHERRY', 'A BELL K', 'BAR SCAT BELL', 'K BELL A', 'Q SEVEN SCAT'],
      firstSpinE4: 13300,
      steps: 11,
      totalWinE4: 610100,
      payout: 6101,
    },
  ],
  'slot:pharaohs-vault': [
    {
      nonce: 0,
      stops: [19, 20, 4, 18, 4],
      grid: ['J EYE A', 'WILD J A', 'K SCARAB K', 'Q EYE Q', 'EYE PHARAOH K'],
      firstSpinE4: 0,
      steps: 1,
      totalWinE4: 0,
      payout: 0,
    },
    {
      nonce: 1,
      stops: [10, 15, 4, 13, 20],
      grid: ['Q J BONUS', 'K Q J', 'K SCARAB K', 'K J A', 'K Q EYE'],
      firstSpinE4: 0,
      steps: 1,
      totalWinE4: 0,
      payout: 0,
    },
    {
      nonce: 2,
      stops: [3, 23, 9, 12, 19],
      grid: ['Q SCARAB J', 'PHARAOH SCAT J', 'EYE J A', 'BONUS K J', 'A K Q'],
      firstSpinE4: 1000,
      steps: 1,
      totalWinE4: 1000,
      payout: 10,
    },
    {
      nonce: 40,
      stops: [23, 20, 22, 2, 22],
      grid: ['A SCAT A', 'WILD J A', 'Q A SCAT', 'Q A K', 'EYE J SCAT'],
      firstSpinE4: 14000,
      steps: 11,
      totalWinE4: 14000,
      payout: 140,
    },
    {
      nonce: 69,
      stops: [12, 11, 23, 10, 23],
      grid: ['BONUS SCARAB K', 'EYE BONUS Q', 'A SCAT K', 'K WILD BONUS', 'J SCAT J'],
      firstSpinE4: 1248800,
      steps: 1,
      totalWinE4: 1248800,
      payout: 12488,
    },
  ],
  'slot:dragon-hoard': [
    {
      nonce: 0,
      stops: [19, 20, 4, 18, 4],
      grid: ['KNIGHT J A', 'A Q SHIELD', 'J A J', 'K WILD J', 'Q K KNIGHT'],
      firstSpinE4: 600,
      steps: 1,
      totalWinE4: 600,
      payout: 6,
    },
    {
      nonce: 1,
      stops: [10, 15, 4, 13, 20],
      grid: ['A K BONUS', 'A SHIELD Q', 'J A J', 'SWORD SHIELD J', 'A SWORD A'],
      firstSpinE4: 200,
      steps: 1,
      totalWinE4: 200,
      payout: 2,
    },
    {
      nonce: 2,
      stops: [3, 23, 9, 12, 19],
      grid: ['K SHIELD Q', 'K SCAT DRAGON', 'KNIGHT K A', 'BONUS SWORD SHIELD', 'Q A SWORD'],
      firstSpinE4: 200,
      steps: 1,
      totalWinE4: 200,
      payout: 2,
    },
    {
      nonce: 40,
      stops: [23, 20, 22, 2, 22],
      grid: ['A SCAT A', 'A Q SHIELD', 'K Q SCAT', 'A K Q', 'A SWORD SCAT'],
      firstSpinE4: 13200,
      steps: 9,
      totalWinE4: 72000,
      payout: 720,
    },
    {
      nonce: 69,
      stops: [12, 11, 23, 10, 23],
      grid: ['BONUS J SWORD', 'KNIGHT BONUS SWORD', 'Q SCAT DRAGON', 'Q K BONUS', 'SWORD SCAT J'],
      firstSpinE4: 659900,
      steps: 1,
      totalWinE4: 659900,
      payout: 6599,
    },
  ],
};

describe('slot known-answer vectors', () => {
  for (const engine of SLOT_ENGINES) {
    it(`${engine.key} plays the pinned rounds`, () => {
      const vectors = VECTORS[engine.key]!;
      expect(vectors.length).toBeGreaterThanOrEqual(4);
      for (const vector of vectors) {
        const steps = playRound(engine, fairFloats('def', 'abc', vector.nonce), 100);
        const first = steps[0]!.view as SlotSpinView;
        expect({
          nonce: vector.nonce,
          stops: first.stops,
          grid: first.grid.map((reel) => reel.join(' ')),
          firstSpinE4: first.spinWinE4,
          steps: steps.length,
          totalWinE4: steps.at(-1)!.state.totalWinE4,
          payout: steps.at(-1)!.payout,
        }).toEqual(vector);
      }
    });
  }
});
