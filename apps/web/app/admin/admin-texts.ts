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
