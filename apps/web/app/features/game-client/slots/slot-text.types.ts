import type { GameTextKey } from '../use-game-text.ts';

/** The game client texts the slots use (i18n/messages/game-client.ts, `slot.*` keys). */
export type SlotTextKey = Extract<GameTextKey, `slot.${string}` | `risk.${string}`>;

/** `useGameText().t` narrowed to them, so the pure functions can be tested with the bundle. */
export type SlotText = (key: SlotTextKey, params?: Record<string, string | number>) => string;
