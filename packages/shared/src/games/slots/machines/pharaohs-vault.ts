import { PAYLINES_10 } from './paylines.ts';
import type { SlotMachineDefinition } from '../slot-machine.types.ts';

export const pharaohsVault: SlotMachineDefinition = {
  identity: 'pharaohs-vault',
  name: "Pharaoh's Vault",
  theme: 'Ancient Egypt',
  volatility: 'high',
  symbols: [
    { key: 'WILD', name: 'Golden mask', kind: 'wild' },
    { key: 'SCAT', name: 'Ankh', kind: 'scatter' },
    { key: 'BONUS', name: 'Sarcophagus', kind: 'bonus' },
    { key: 'PHARAOH', name: 'Pharaoh', kind: 'regular', pays: [25, 250, 2498] },
    { key: 'SCARAB', name: 'Scarab', kind: 'regular', pays: [12, 75, 500] },
    { key: 'EYE', name: 'Eye of Horus', kind: 'regular', pays: [7, 37, 200] },
    { key: 'A', name: 'Ace', kind: 'regular', pays: [2, 10, 50] },
    { key: 'K', name: 'King', kind: 'regular', pays: [2, 7, 37] },
    { key: 'Q', name: 'Queen', kind: 'regular', pays: [1, 5, 25] },
    { key: 'J', name: 'Jack', kind: 'regular', pays: [1, 5, 20] },
  ],
  winMode: { kind: 'lines', lines: PAYLINES_10 },
  coinsPerBet: 10,
  scatterPays: [1, 9.99, 99.9],
  baseReels: [
    'SCAT A PHARAOH Q SCARAB J Q K J K Q J BONUS SCARAB K J EYE K A J EYE A Q A',
    'SCAT J K SCARAB A SCARAB Q K A EYE J EYE BONUS Q A K Q J Q K WILD J A PHARAOH',
    'SCAT K J PHARAOH K SCARAB K Q SCARAB EYE J A BONUS K Q J A Q WILD J A EYE Q A',
    'SCAT J Q A K SCARAB Q EYE SCARAB PHARAOH K WILD BONUS K J A J A Q EYE Q J A K',
    'SCAT J A Q EYE PHARAOH K Q A SCARAB WILD Q BONUS K J SCARAB A K J A K Q EYE J',
  ],
  freeReels: [
    'SCAT J EYE A K Q J PHARAOH J PHARAOH SCARAB Q EYE Q A K J SCARAB A K',
    'SCAT J WILD PHARAOH A SCARAB WILD K EYE Q SCARAB A Q EYE J K Q A J K',
    'SCAT K WILD J SCARAB J PHARAOH K EYE A J Q A SCARAB Q WILD K A Q EYE',
    'SCAT K A J Q SCARAB A PHARAOH A SCARAB Q K EYE WILD J WILD Q J K EYE',
    'SCAT Q K A K A J WILD K SCARAB Q J Q EYE PHARAOH EYE SCARAB J A WILD',
  ],
  freeSpins: { awards: [10, 12, 15], multiplier: 3, maxSpins: 50 },
  bonus: {
    picks: [1, 2, 3],
    prizes: [
      { multiple: 2.5, weight: 50 },
      { multiple: 5, weight: 30 },
      { multiple: 24.98, weight: 12 },
      { multiple: 124.88, weight: 3 },
      { multiple: 499.5, weight: 1 },
    ],
  },
  // computeSlotStats: hit frequency 30.92 %, std dev 12.65 bets per spin.
  rtp: 0.948048,
};
