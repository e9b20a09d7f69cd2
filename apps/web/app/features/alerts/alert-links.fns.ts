import type { AlertKey } from '@coinfall/shared';

export interface AlertLinkParams {
  /** Game identity of a free-spin alert. */
  identity?: string;
  /** Explicit in-site path for any other alert. */
  url?: string;
}

/**
 * Where an alert leads (spec §2): free-spin alerts to their game, bonus and free-spin
 * notifications to /profile/bonuses, quest alerts to the quest list or the achievements, a new
 * loyalty level to /loyalty. An explicit url must stay on the site ("/…", not "//…").
 * Returns an unlocalized path, or undefined for none.
 */
export function alertPath(key: AlertKey, params: AlertLinkParams): string | undefined {
  if (key.startsWith('freeSpin') && params.identity)
    return `/games/${encodeURIComponent(params.identity)}`;
  if (key.startsWith('freeSpin') || key.startsWith('bonus')) {
    // Bonus-code feedback is about the code just typed, not a bonus in the list.
    if (key === 'bonusCodeIncorrect' || key === 'bonusCodeNotAvailable') return undefined;
    return '/profile/bonuses';
  }
  if (key === 'questCompleted') return '/quests/list';
  if (key === 'questAwarded') return '/quests/achievements';
  if (key === 'levelUp') return '/loyalty';
  if (params.url && params.url.startsWith('/') && !params.url.startsWith('//')) return params.url;
  return undefined;
}
