import { PAYLINES_20 } from './paylines.ts';
import type { SlotMachineDefinition } from '../slot-machine.types.ts';

export const luckyClover: SlotMachineDefinition = {
  identity: 'lucky-clover',
  name: 'Lucky Clover',
  theme: 'Irish luck',
  volatility: 'low',
  symbols: [
    { key: 'WILD', name: 'Rainbow', kind: 'wild' },
    { key: 'SCAT', name: 'Four-leaf clover', kind: 'scatter' },
    { key: 'BONUS', name: 'Pot of gold', kind: 'bonus' },
    { key: 'LEPRECHAUN', name: 'Leprechaun', kind: 'regular', pays: [35, 106, 353] },
    { key: 'HORSESHOE', name: 'Horseshoe', kind: 'regular', pays: [27, 71, 212] },
    { key: 'HAT', name: 'Hat', kind: 'regular', pays: [18, 53, 141] },
    { key: 'A', name: 'Ace', kind: 'regular', pays: [9, 27, 88] },
    { key: 'K', name: 'King', kind: 'regular', pays: [9, 21, 71] },
    { key: 'Q', name: 'Queen', kind: 'regular', pays: [7, 18, 53] },
    { key: 'J', name: 'Jack', kind: 'regular', pays: [5, 14, 44] },
    { key: '10', name: 'Ten', kind: 'regular', pays: [5, 14, 35] },
  ],
  winMode: { kind: 'lines', lines: PAYLINES_20 },
  coinsPerBet: 20,
  scatterPays: [1.77, 8.83, 35.34],
  baseReels: [
    'SCAT J A LEPRECHAUN HAT Q K 10 J K 10 Q BONUS A HORSESHOE HAT J LEPRECHAUN Q K 10 HORSESHOE A HAT',
    'SCAT LEPRECHAUN J WILD Q K LEPRECHAUN HORSESHOE K HORSESHOE 10 HAT BONUS 10 HAT A Q J A J WILD A Q K',
    'SCAT LEPRECHAUN WILD K J K HAT 10 LEPRECHAUN A WILD HORSESHOE BONUS Q J HORSESHOE 10 A Q K J A Q HAT',
    'SCAT A HAT HORSESHOE J 10 K Q HAT J A K BONUS A WILD K WILD 10 Q HORSESHOE LEPRECHAUN Q J LEPRECHAUN',
    'SCAT K Q J A J A Q HAT WILD 10 K BONUS LEPRECHAUN HORSESHOE Q HAT J HORSESHOE HAT LEPRECHAUN K 10 A',
  ],
  freeReels: [
    'SCAT Q K LEPRECHAUN Q J HORSESHOE 10 LEPRECHAUN HAT A K HORSESHOE A HAT J A K 10 HAT',
    'SCAT Q 10 HORSESHOE A J K LEPRECHAUN K HAT A HORSESHOE 10 HAT WILD J WILD Q LEPRECHAUN WILD',
    'SCAT 10 WILD A Q HAT A HORSESHOE HAT LEPRECHAUN J K 10 J WILD Q WILD HORSESHOE K LEPRECHAUN',
    'SCAT J A K WILD K J HORSESHOE 10 HAT WILD HAT 10 Q LEPRECHAUN A Q WILD LEPRECHAUN HORSESHOE',
    'SCAT WILD Q A Q LEPRECHAUN K J HAT K WILD 10 HORSESHOE A J LEPRECHAUN HORSESHOE 10 A HAT',
  ],
  freeSpins: { awards: [8, 10, 15], multiplier: 1, maxSpins: 50 },
  bonus: {
    picks: [1, 2, 3],
    prizes: [
      { multiple: 3.53, weight: 50 },
      { multiple: 5.3, weight: 30 },
      { multiple: 8.83, weight: 15 },
      { multiple: 17.67, weight: 5 },
    ],
  },
  // computeSlotStats: hit frequency 45.64 %, std dev 3.24 bets per spin.
  rtp: 0.961088,
};
