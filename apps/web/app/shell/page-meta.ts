import type { MetaDescriptor } from 'react-router';
import { DEFAULT_LOCALE, type Locale } from '@coinfall/shared/locales';
import { textsFromMatches, type PageTexts } from '../i18n/texts';
import type { RootData } from '../lib/root-data';

interface MetaMatchLike {
  id: string;
  loaderData: unknown;
}
type MetaMatchList = ReadonlyArray<MetaMatchLike | undefined>;

const SITE_NAME = 'Coinfall';

export function localeFromMatches(matches: MetaMatchList): Locale {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
  return root?.locale ?? DEFAULT_LOCALE;
}

/** A page that resolved through the locale route's catch-all handling carries its own title. */
export function catchAllTitle(matches: MetaMatchList): string | undefined {
  const data = matches.find((m) => m?.id === 'locale')?.loaderData as
    { staticPage?: { title: string } } | null | undefined;
  return data?.staticPage?.title;
}

export function titleMeta(title: string, description?: string): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [
    { title: title === SITE_NAME ? title : `${title} | ${SITE_NAME}` },
  ];
  if (description) meta.push({ name: 'description', content: description });
  return meta;
}

/** `<title>` from the page texts in the request's locale. */
export function pageMeta(
  matches: MetaMatchList,
  pick: (texts: PageTexts) => string,
): MetaDescriptor[] {
  return titleMeta(catchAllTitle(matches) ?? pick(textsFromMatches(matches).pages));
}
