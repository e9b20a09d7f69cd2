import type { LoadTexts } from '../ui/load-state';
import type { PagerTexts } from '../ui/pager';

/**
 * The back office speaks English only (decision 038): its users are the operator's staff, and
 * its words stay out of the player site's message bundles (and their chunks).
 */
export const ADMIN_LOAD_TEXTS: LoadTexts = {
  loading: 'Loading…',
  loadFailed: 'This could not be loaded.',
  retry: 'Try again',
};

export const ADMIN_PAGER_TEXTS: PagerTexts = {
  pagination: 'Pages',
  previous: 'Previous',
  next: 'Next',
  page: 'Page {page} of {pages}',
};

/** The rule texts of the form engine (spec §5 rule names) in the back office's words. */
export const ADMIN_RULE_TEXTS: Readonly<Record<string, string>> = {
  required: 'Required.',
  email: 'An email address.',
  min: 'At least {min} characters.',
};

/** The reward widgets' words (decision 066). */
export const ADMIN_REWARD_TEXTS = {
  kind: 'Reward kind',
  none: 'No reward',
  choose: 'Choose…',
  loading: 'Loading…',
  kinds: {
    bonus: 'Bonus (a bonus definition)',
    freespins: 'Free spins (a bonus definition)',
    coins: 'Coins',
    points: 'Loyalty points',
  },
  bonusDefinition: 'Bonus definition',
  spinsDefinition: 'Free-spins definition',
  spinsOf: (count: number, game: string) => `${count} free spins on ${game}`,
  listFailed: 'The definitions could not be loaded; reload to try again.',
  disabled: '(disabled)',
  currency: 'Currency',
  amount: 'Amount',
  amountHint: 'In coins, e.g. 1000 or 12.50',
  points: 'Points',
} as const;
