import type { SlotMachineDefinition } from '../slot-machine.types.ts';

export const neonNights: SlotMachineDefinition = {
  identity: 'neon-nights',
  name: 'Neon Nights',
  theme: 'Retro arcade',
  volatility: 'medium',
  symbols: [
    { key: 'WILD', name: 'Neon wild', kind: 'wild' },
    { key: 'SCAT', name: 'Jukebox', kind: 'scatter' },
    { key: 'SEVEN', name: 'Seven', kind: 'regular', pays: [7, 17, 66] },
    { key: 'BAR', name: 'Bar', kind: 'regular', pays: [5, 13, 40] },
    { key: 'CHERRY', name: 'Cherry', kind: 'regular', pays: [3, 10, 27] },
    { key: 'BELL', name: 'Bell', kind: 'regular', pays: [3, 7, 20] },
    { key: 'A', name: 'Ace', kind: 'regular', pays: [1, 3, 10] },
    { key: 'K', name: 'King', kind: 'regular', pays: [1, 3, 8] },
    { key: 'Q', name: 'Queen', kind: 'regular', pays: [1, 3, 7] },
    { key: 'J', name: 'Jack', kind: 'regular', pays: [1, 2, 7] },
  ],
  winMode: { kind: 'ways' },
  coinsPerBet: 25,
  scatterPays: [1.33, 6.64, 33.18],
  baseReels: [
    'SCAT CHERRY BELL Q BELL J BELL K SEVEN CHERRY K A K A J BAR CHERRY Q SEVEN Q A BAR',
    'SCAT SEVEN A BAR J SEVEN WILD Q J K BELL K Q BAR CHERRY BELL CHERRY A WILD A BELL K',
    'SCAT BELL K CHERRY WILD BAR WILD SEVEN J A BELL K Q SEVEN J A BELL CHERRY A K Q BAR',
    'SCAT K BELL A BAR A SEVEN J WILD Q WILD Q SEVEN CHERRY BELL J K BAR CHERRY BELL K A',
    'SCAT Q BELL SEVEN CHERRY BAR WILD K J BAR J K BELL A BELL A K CHERRY A CHERRY Q SEVEN',
  ],
  freeReels: [
    'SCAT A K A SEVEN J BELL Q CHERRY SEVEN CHERRY BAR A Q BELL CHERRY BELL BAR K J',
    'SCAT WILD Q J K A CHERRY Q BELL SEVEN BAR WILD J SEVEN BAR BELL K WILD CHERRY A',
    'SCAT SEVEN BELL K BAR CHERRY K BAR WILD Q CHERRY J A WILD Q WILD A BELL SEVEN J',
    'SCAT A Q A WILD CHERRY J CHERRY BAR SEVEN BELL K BELL BAR K Q J WILD SEVEN WILD',
    'SCAT J Q CHERRY BAR CHERRY A BELL BAR K WILD A Q BELL A J SEVEN WILD SEVEN K',
  ],
  freeSpins: { awards: [10, 15, 20], multiplier: 2, maxSpins: 60 },
  // computeSlotStats: hit frequency 53.82 %, std dev 5.41 bets per spin.
  rtp: 0.961974,
};
