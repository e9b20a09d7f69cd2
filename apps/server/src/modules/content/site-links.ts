import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KEYED_MODALS } from '@coinfall/shared';
import {
  CATALOG_COLLECTIONS,
  CATALOG_GAMES,
  CATALOG_PROVIDERS,
} from '@coinfall/shared/games/catalog';
import type { SiteFacts } from './content-references.fns.ts';

/**
 * The player site's pages a content link may lead to: the route table of apps/web/app/routes.ts
 * without its locale copies and without the back office, as unlocalized paths ("" is home, "*"
 * the catch-all). A test (content-references.test.ts) holds it equal to the route table.
 */
export const SITE_PAGE_PATTERNS: readonly string[] = [
  '',
  '403',
  '404',
  '500',
  'blocked',
  'excluded',
  'contact',
  'headers',
  'loyalty',
  'sport',
  'vip',
  'fairness',
  'static/:pageUrl',
  'play/:identity',
  'questions',
  'questions/:pageUrl',
  'quests',
  'quests/list',
  'quests/achievements',
  'auth/social/:connection/callback',
  'games',
  'favorites',
  'recently-played',
  'games/:id',
  'payments',
  'payments/success',
  'payments/fail',
  'payments/processing',
  'promotions',
  'promotions/:slug',
  'profile',
  'profile/bonuses',
  'profile/history',
  'profile/info',
  'profile/limits',
  'profile/security',
  'profile/wallet',
  '*',
];

/**
 * The icon names the site draws (apps/web/app/ui/icon-drawings.ts, aliases included); the same
 * test holds the two equal.
 */
export const SITE_ICONS: readonly string[] = [
  'home',
  'games',
  'promotions',
  'vip',
  'loyalty',
  'quests',
  'favorites',
  'recent',
  'help',
  'contact',
  'wallet',
  'bell',
  'user',
  'menu',
  'close',
  'collapse',
  'expand',
  'chevron',
  'logout',
  'info',
  'shield',
  'history',
  'limits',
  'bonuses',
  'dot',
  'lock',
  'empty',
  'trophy',
  'plus',
  'spin',
  'lobby',
  'gift',
  'crown',
  'star',
  'heart',
  'mail',
  'clock',
];

/**
 * In-page actions (`#name` links) the site answers: `#support-chat` opens the live-support chat
 * (issue 18: features/support listens for its event).
 */
export const IN_PAGE_ACTIONS: readonly string[] = ['#support-chat'];

export const SITE_GAMES: readonly string[] = CATALOG_GAMES.map((g) => g.identity);
export const SITE_PROVIDERS: readonly string[] = CATALOG_PROVIDERS.filter((p) => !p.hidden).map(
  (p) => p.identity,
);
export const SITE_COLLECTIONS: readonly string[] = CATALOG_COLLECTIONS.map((c) => c.identity);
export const SITE_MODALS: readonly string[] = Object.values(KEYED_MODALS);

/** Where /images/… and /favicon.svg come from: the web build copies this folder as is. */
const PUBLIC_DIR = fileURLToPath(new URL('../../../../web/public', import.meta.url));

/** Whether the site serves this image path (a file of apps/web/public, never outside it). */
export function publicImageExists(src: string): boolean {
  const file = path.resolve(PUBLIC_DIR, `.${src}`);
  return file.startsWith(`${PUBLIC_DIR}${path.sep}`) && existsSync(file);
}

/** The site as the content check sees it (content-references.fns.ts). */
export const SITE_FACTS: SiteFacts = {
  pages: SITE_PAGE_PATTERNS,
  games: SITE_GAMES,
  providers: SITE_PROVIDERS,
  collections: SITE_COLLECTIONS,
  modals: SITE_MODALS,
  icons: SITE_ICONS,
  inPageActions: IN_PAGE_ACTIONS,
  imageExists: publicImageExists,
};
