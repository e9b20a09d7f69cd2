import type { SlotMachineDefinition } from '../slot-machine.types.ts';

export const dragonHoard: SlotMachineDefinition = {
  identity: 'dragon-hoard',
  name: 'Dragon Hoard',
  theme: 'Fantasy',
  volatility: 'high',
  symbols: [
    { key: 'WILD', name: 'Flame wild', kind: 'wild' },
    { key: 'SCAT', name: 'Dragon egg', kind: 'scatter' },
    { key: 'BONUS', name: 'Treasure hoard', kind: 'bonus' },
    { key: 'DRAGON', name: 'Dragon', kind: 'regular', pays: [13, 66, 660] },
    { key: 'KNIGHT', name: 'Knight', kind: 'regular', pays: [7, 33, 165] },
    { key: 'SWORD', name: 'Sword', kind: 'regular', pays: [5, 20, 99] },
    { key: 'SHIELD', name: 'Shield', kind: 'regular', pays: [3, 13, 66] },
    { key: 'A', name: 'Ace', kind: 'regular', pays: [1, 3, 16] },
    { key: 'K', name: 'King', kind: 'regular', pays: [1, 3, 13] },
    { key: 'Q', name: 'Queen', kind: 'regular', pays: [1, 3, 10] },
    { key: 'J', name: 'Jack', kind: 'regular', pays: [1, 3, 7] },
  ],
  winMode: { kind: 'ways' },
  coinsPerBet: 50,
  scatterPays: [1.32, 13.2, 65.99],
  baseReels: [
    'SCAT A Q K SHIELD Q J SHIELD SWORD K A K BONUS J SWORD SHIELD KNIGHT DRAGON Q KNIGHT J A K A',
    'SCAT DRAGON K A Q K A J K J SWORD KNIGHT BONUS SWORD J A SHIELD Q WILD KNIGHT A Q SHIELD K',
    'SCAT DRAGON SWORD K J A J WILD A KNIGHT K A BONUS J SHIELD K Q KNIGHT A Q SWORD SHIELD K Q',
    'SCAT J A K Q SWORD KNIGHT A Q A Q K BONUS SWORD SHIELD J KNIGHT DRAGON K WILD J K SHIELD A',
    'SCAT J K J Q K KNIGHT WILD SHIELD DRAGON K SHIELD BONUS A K A J Q KNIGHT Q A SWORD A SWORD',
  ],
  freeReels: [
    'SCAT DRAGON K DRAGON SHIELD K A Q K A J KNIGHT A SHIELD SWORD Q SWORD KNIGHT J Q',
    'SCAT KNIGHT A Q WILD A WILD K DRAGON Q SWORD J DRAGON K A J KNIGHT SHIELD SWORD SHIELD',
    'SCAT Q SWORD A DRAGON WILD DRAGON SWORD K J KNIGHT A SHIELD K WILD SHIELD KNIGHT A Q J',
    'SCAT KNIGHT WILD K SHIELD A DRAGON Q SWORD KNIGHT DRAGON J A K WILD SHIELD SWORD A J Q',
    'SCAT A Q A DRAGON A WILD KNIGHT J DRAGON SHIELD K KNIGHT SWORD K Q WILD SHIELD J SWORD',
  ],
  freeSpins: { awards: [8, 12, 20], multiplier: 3, maxSpins: 40 },
  bonus: {
    picks: [1, 1, 2],
    prizes: [
      { multiple: 3.3, weight: 40 },
      { multiple: 13.2, weight: 20 },
      { multiple: 65.99, weight: 5 },
      { multiple: 329.95, weight: 1 },
    ],
  },
  // computeSlotStats: hit frequency 47.57 %, std dev 10.15 bets per spin.
  rtp: 0.957236,
};
