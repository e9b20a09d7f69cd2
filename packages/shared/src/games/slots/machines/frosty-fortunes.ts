import { PAYLINES_20 } from './paylines.ts';
import type { SlotMachineDefinition } from '../slot-machine.types.ts';

export const frostyFortunes: SlotMachineDefinition = {
  identity: 'frosty-fortunes',
  name: 'Frosty Fortunes',
  theme: 'Holiday',
  volatility: 'medium',
  symbols: [
    { key: 'WILD', name: 'Christmas star', kind: 'wild' },
    { key: 'SCAT', name: 'Snowflake', kind: 'scatter' },
    { key: 'BONUS', name: 'Gift', kind: 'bonus' },
    { key: 'SANTA', name: 'Santa', kind: 'regular', pays: [22, 86, 431] },
    { key: 'SLEIGH', name: 'Sleigh', kind: 'regular', pays: [17, 65, 216] },
    { key: 'REINDEER', name: 'Reindeer', kind: 'regular', pays: [13, 43, 129] },
    { key: 'SNOWMAN', name: 'Snowman', kind: 'regular', pays: [9, 26, 86] },
    { key: 'A', name: 'Ace', kind: 'regular', pays: [4, 13, 43] },
    { key: 'K', name: 'King', kind: 'regular', pays: [4, 10, 34] },
    { key: 'Q', name: 'Queen', kind: 'regular', pays: [3, 9, 26] },
    { key: 'J', name: 'Jack', kind: 'regular', pays: [3, 7, 22] },
    { key: '10', name: 'Ten', kind: 'regular', pays: [3, 7, 17] },
  ],
  winMode: { kind: 'lines', lines: PAYLINES_20 },
  coinsPerBet: 20,
  scatterPays: [1.72, 8.62, 43.1],
  baseReels: [
    'SCAT SANTA REINDEER SLEIGH 10 K Q SLEIGH SANTA SNOWMAN J K BONUS 10 Q A SNOWMAN A Q SNOWMAN A REINDEER K J',
    'SCAT SLEIGH REINDEER A SANTA A K A REINDEER 10 K Q BONUS SLEIGH WILD K WILD Q SANTA J SNOWMAN 10 J SNOWMAN',
    'SCAT K SLEIGH A J Q REINDEER SANTA REINDEER A SNOWMAN SANTA BONUS J Q K SNOWMAN SLEIGH WILD K WILD 10 A 10',
    'SCAT WILD SNOWMAN REINDEER A K SLEIGH J K 10 K SLEIGH BONUS SANTA WILD Q REINDEER SANTA A Q SNOWMAN J 10 A',
    'SCAT 10 WILD Q K SNOWMAN A SANTA K Q J A BONUS SANTA K SLEIGH SNOWMAN REINDEER J 10 A SNOWMAN SLEIGH REINDEER',
  ],
  freeReels: [
    'SCAT A SANTA REINDEER 10 A J SNOWMAN K J K 10 Q SNOWMAN SLEIGH REINDEER Q SLEIGH A SANTA',
    'SCAT WILD J K 10 WILD SANTA A Q A REINDEER SLEIGH SNOWMAN K SLEIGH J REINDEER SANTA SNOWMAN Q',
    'SCAT REINDEER J 10 SANTA A REINDEER K A Q SNOWMAN J Q SLEIGH K SANTA SNOWMAN WILD SLEIGH WILD',
    'SCAT J Q K WILD SLEIGH SNOWMAN Q REINDEER SANTA J REINDEER SLEIGH WILD SNOWMAN A 10 SANTA A K',
    'SCAT J Q SLEIGH REINDEER SNOWMAN J SANTA A Q SANTA 10 WILD REINDEER SLEIGH K A SNOWMAN WILD K',
  ],
  freeSpins: { awards: [10, 15, 20], multiplier: 3, maxSpins: 60 },
  bonus: {
    picks: [1, 2, 3],
    prizes: [
      { multiple: 1.72, weight: 40 },
      { multiple: 4.31, weight: 30 },
      { multiple: 8.62, weight: 20 },
      { multiple: 21.55, weight: 8 },
      { multiple: 86.21, weight: 2 },
    ],
  },
  // computeSlotStats: hit frequency 37.36 %, std dev 5.94 bets per spin.
  rtp: 0.959366,
};
