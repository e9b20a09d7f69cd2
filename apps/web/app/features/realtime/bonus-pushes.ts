import type { DomainEventPayloads } from '@coinfall/shared/contracts/events';
import type { RealtimeMessage } from '@coinfall/shared/contracts/realtime';
import {
  bonusAlertKey,
  freeSpinAlertKey,
  type BonusAlertKey,
  type FreeSpinAlertKey,
  type SeenState,
} from '../bonus/bonus.fns.ts';
import { followBonusPush, followFreeSpinPush, refreshBonusCodes } from '../bonus/bonus-queries.ts';

/**
 * The bonus channels' pushes (spec §4, §8): the item goes into the lists on screen, and a change
 * of status or result raises its alert. Kept apart from realtime-messages.fns.ts, which the home
 * page loads: only the logged-in player's push handler brings this in.
 */
export interface BonusPushAlert {
  key: BonusAlertKey | FreeSpinAlertKey;
  /** The game of a free-spin alert, which leads to it. */
  identity?: string;
}

/** What the site last saw of each bonus and free-spin grant, so repeats raise no alert. */
const seen = new Map<string, SeenState>();

function remember(kind: string, id: number, state: SeenState): SeenState | undefined {
  const key = `${kind}:${id}`;
  const before = seen.get(key);
  seen.set(key, { status: state.status, result: state.result });
  return before;
}

function data<E extends keyof DomainEventPayloads>(
  message: RealtimeMessage,
  event: E,
): DomainEventPayloads[E] | undefined {
  return message.event === event && typeof message.data === 'object' && message.data !== null
    ? (message.data as DomainEventPayloads[E])
    : undefined;
}

/** Applies a bonus push to the caches; answers the alert it raises, if any. */
export function followBonusChannels(message: RealtimeMessage): BonusPushAlert | undefined {
  const bonus = data(message, 'bonus.player-bonus.updated')?.bonus;
  if (bonus) {
    followBonusPush(bonus);
    const key = bonusAlertKey(bonus, remember('bonus', bonus.id, bonus));
    return key && { key };
  }
  const freeSpin = data(message, 'bonus.player-freespin.updated')?.freeSpin;
  if (freeSpin) {
    followFreeSpinPush(freeSpin);
    const key = freeSpinAlertKey(freeSpin, remember('freespin', freeSpin.id, freeSpin));
    return key && { key, identity: freeSpin.game.identity };
  }
  if (data(message, 'bonus.player-bonus-code.updated')) refreshBonusCodes();
  return undefined;
}
