import { SLOT_ENGINES } from '@coinfall/shared/games/slots/index';
import { floatsOf, playRound, sfc32 } from '@coinfall/shared/games/slots/test/slot-rounds';
import type { SlotSpinView } from './slot-view.fns.ts';
import { formatMessage } from '../../../i18n/i18n.tsx';
import { gameClientMessages } from '../../../i18n/messages/game-client.ts';
import type { SlotText } from './slot-text.types.ts';

/** The English texts as `useGameText().t` gives them. */
export const enText: SlotText = (key, params) =>
  formatMessage(gameClientMessages.en[key], params ?? {});

/** Every view of `rounds` seeded rounds of a machine, as the server would send them. */
export function engineViews(identity: string, rounds: number, seed = 7): SlotSpinView[] {
  const engine = SLOT_ENGINES.find((e) => e.key === `slot:${identity}`)!;
  const floats = floatsOf(sfc32(seed));
  const views: SlotSpinView[] = [];
  for (let i = 0; i < rounds; i++)
    for (const step of playRound(engine, floats, 100)) views.push(step.view as SlotSpinView);
  return views;
}

/** A hand-made view: a grid of `fill` with the given cells, no wins unless added. */
export function viewOf(overrides: Partial<SlotSpinView> = {}, fill = 'J'): SlotSpinView {
  return {
    phase: 'base',
    stops: [0, 0, 0, 0, 0],
    grid: Array.from({ length: 5 }, () => [fill, fill, fill]),
    lineWins: [],
    scatter: { count: 0, winE4: 0 },
    bonus: { count: 0, prizesE4: [] },
    spinWinE4: 0,
    freeSpins: { won: 0, left: 0, played: 0, multiplier: 1 },
    totalWinE4: 0,
    payout: 0,
    ...overrides,
  };
}
