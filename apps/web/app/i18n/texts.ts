import { useRouteLoaderData } from 'react-router';
// Type-only imports: the bundles themselves stay on the server (root-loader.server.ts), and the
// browser receives only the current locale's texts with the root data.
import type { pageMessages } from './messages/pages';
import type { shellMessages } from './messages/shell';

export type ShellTexts = (typeof shellMessages)['en'];
export type PageTexts = (typeof pageMessages)['en'];
export interface SiteTexts {
  shell: ShellTexts;
  pages: PageTexts;
}

interface MatchLike {
  id: string;
  loaderData: unknown;
}

function textsOf(rootData: unknown): SiteTexts {
  const texts = (rootData as { text?: SiteTexts } | undefined)?.text;
  if (!texts) throw new Error('Site texts used outside the root route');
  return texts;
}

/** The shell's texts in the request's locale. */
export function useShellText(): ShellTexts {
  return textsOf(useRouteLoaderData('root')).shell;
}

/** The pages' texts in the request's locale. */
export function usePageText(): PageTexts {
  return textsOf(useRouteLoaderData('root')).pages;
}

/** For `meta` functions, which get the matches instead of hooks. */
export function textsFromMatches(matches: ReadonlyArray<MatchLike | undefined>): SiteTexts {
  return textsOf(matches.find((m) => m?.id === 'root')?.loaderData);
}
