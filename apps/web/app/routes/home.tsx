import { Link } from 'react-router';
import { LOCALE_SEGMENT } from '@coinfall/shared/locales';
import { useLocalizedPath } from '../i18n/i18n';
import { homeGamesHtml } from '../features/games/home-games.server';
import { findNamedPage } from '../shell/content-pages.server';
import { localeFromRequest } from '../shell/content.server';
import { useModalHref } from '../lib/modals/modal-link';
import { catchAllTitle, pageMeta, titleMeta } from '../shell/page-meta';
import { shouldRevalidateIgnoringTracking } from '../shell/revalidation';
import { useRootData } from '../lib/root-data';
import { buttonClass } from '../ui/button';
import { ContentBlocks } from '../ui/content-blocks';
import type { Route } from './+types/home';
import { usePageText } from '../i18n/texts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Under `:locale` a first segment without the locale shape is a catch-all slug (/terms) that
  // the locale route renders; there is no home page to load then.
  if (params.locale !== undefined && !LOCALE_SEGMENT.test(params.locale))
    return { page: null, gamesHtml: '' };
  return {
    page: findNamedPage(context, request, 'home'),
    gamesHtml: await homeGamesHtml(context, localeFromRequest(request)),
  };
}

export const shouldRevalidate = shouldRevalidateIgnoringTracking;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const catchAll = catchAllTitle(matches);
  if (catchAll) return titleMeta(catchAll);
  return loaderData?.page
    ? titleMeta(loaderData.page.title, loaderData.page.description)
    : pageMeta(matches, (t) => t.homeTitle);
};

function Hero({ title, description }: { title: string; description?: string }) {
  const t = usePageText();
  const { isAuthenticated } = useRootData();
  const modalHref = useModalHref();
  const localize = useLocalizedPath();
  return (
    <section className="hero-surface relative overflow-hidden rounded-3xl border border-border-strong px-6 py-10 sm:px-10 sm:py-14">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-10 -right-6 hidden size-64 rounded-full border-[18px] border-accent/25 sm:block"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-16 right-24 hidden size-28 rounded-full bg-accent/20 blur-xl sm:block"
      />
      <div className="relative max-w-xl">
        <h1 className="font-display text-3xl leading-tight font-black tracking-tight text-text sm:text-5xl">
          {title}
        </h1>
        {description ? (
          <p className="mt-4 text-base text-text-muted sm:text-lg">{description}</p>
        ) : null}
        <div className="mt-8 flex flex-wrap gap-3">
          {isAuthenticated ? (
            <Link to={localize('/games')} className={buttonClass('accent', 'lg')}>
              {t.homeCtaPlayer}
            </Link>
          ) : (
            <Link to={modalHref('sign-up')} className={buttonClass('primary', 'lg')}>
              {t.homeCtaGuest}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = usePageText();
  const { page, gamesHtml } = loaderData;
  return (
    <>
      <Hero title={page?.title ?? t.homeTitle} description={page?.description} />
      {/* Popular, new and originals (or the empty lobby): markup rendered by the loader
          (features/games/home-games.server), so it adds nothing to this page's JavaScript. */}
      <div dangerouslySetInnerHTML={{ __html: gamesHtml }} />
      {/* The live winners and activity boards: the realtime host, loaded after hydration,
          renders them here (features/live-boards), so this page's first load does not grow. */}
      <div data-live-boards="" />
      {page && page.blocks.length > 0 ? (
        <section className="mt-10 rounded-2xl border border-border bg-surface p-6 sm:p-8">
          <ContentBlocks blocks={page.blocks} />
        </section>
      ) : null}
    </>
  );
}
