import type { SiteLoadContext } from '@coinfall/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { gameListSchema, type Game } from '@coinfall/shared/contracts/game';
import { localizePath, type Locale } from '@coinfall/shared/locales';
import { gamesMessages, type GamesTexts } from '../../i18n/messages/games';
import { pageMessages } from '../../i18n/messages/pages';
import { EmptyState } from '../../ui/empty-state';
import { GameTile, GRID_CLASS } from './components/game-tile';
import { readGameApiOrNull } from './game-api.server';

/** The home page's game sections: a collection each, a short row of tiles. */
const HOME_SECTIONS = [
  { collection: 'popular', title: 'homePopular' },
  { collection: 'new', title: 'homeNew' },
  { collection: 'originals', title: 'homeOriginals' },
] as const satisfies ReadonlyArray<{ collection: string; title: keyof GamesTexts }>;
const HOME_SECTION_SIZE = 6;

function HomeGameSections({
  sections,
  locale,
  t,
}: {
  sections: ReadonlyArray<{ collection: string; title: string; games: Game[] }>;
  locale: Locale;
  t: GamesTexts;
}) {
  return (
    <>
      {sections.map((section) => (
        <section
          key={section.collection}
          aria-labelledby={`home-${section.collection}`}
          className="mt-10"
        >
          <div className="mb-4 flex items-baseline justify-between gap-4">
            <h2
              id={`home-${section.collection}`}
              className="font-display text-xl font-bold text-text"
            >
              {section.title}
            </h2>
            <a
              href={localizePath(`/games?collection=${section.collection}`, locale)}
              className="text-sm font-semibold text-accent hover:underline"
            >
              {t.seeAll}
            </a>
          </div>
          <ul className={GRID_CLASS}>
            {section.games.map((game) => (
              <li key={game.id}>
                <GameTile
                  game={game}
                  href={localizePath(`/games/${game.identity}`, locale)}
                  t={t}
                  plain
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function EmptyLobby({ locale }: { locale: Locale }) {
  const t = pageMessages[locale];
  return (
    <section className="mt-10">
      <h2 className="mb-4 font-display text-xl font-bold text-text">{t.homeLobbyTitle}</h2>
      <EmptyState text={t.homeLobbyEmpty} icon="games" />
    </section>
  );
}

/**
 * The sections as finished markup: the home page shows it as-is, so its tiles and art cost the
 * home page's first-load JavaScript nothing (its budget is 120 KB gzip and it was at 119.9).
 * Links are plain anchors: a full page load into the server-rendered game page. When the
 * catalog cannot be read, the markup is the empty lobby state (rendered here too, which took
 * the empty-state module out of the home page's JavaScript).
 */
export async function homeGamesHtml(context: SiteLoadContext, locale: Locale): Promise<string> {
  // The home page is the busiest page: the markup is made once per locale and catalog window.
  const hit = htmlCache.get(locale);
  if (hit && Date.now() - hit.at < HTML_CACHE_MS) return hit.html;
  const html = await renderHomeGames(context, locale);
  htmlCache.set(locale, { at: Date.now(), html });
  return html;
}

const HTML_CACHE_MS = 30_000;
const htmlCache = new Map<Locale, { at: number; html: string }>();

async function renderHomeGames(context: SiteLoadContext, locale: Locale): Promise<string> {
  const t = gamesMessages[locale];
  const lists = await Promise.all(
    HOME_SECTIONS.map((s) =>
      readGameApiOrNull(context, '/api/game/games', gameListSchema, {
        collection: s.collection,
        sortBy: 'default',
        sortOrder: 'asc',
        page: 1,
        perPage: HOME_SECTION_SIZE,
      }),
    ),
  );
  const sections = HOME_SECTIONS.map((s, i) => ({
    collection: s.collection,
    title: t[s.title],
    games: lists[i]?.data ?? [],
  })).filter((s) => s.games.length > 0);
  return renderToStaticMarkup(
    sections.length === 0 ? (
      <EmptyLobby locale={locale} />
    ) : (
      <HomeGameSections sections={sections} locale={locale} t={t} />
    ),
    { identifierPrefix: 'home-games-' },
  );
}
