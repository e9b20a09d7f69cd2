import type { UseQueryResult } from '@tanstack/react-query';
import type { Game } from '@coinfall/shared/contracts/game';
import { useLocalizedPath, useMessages } from '../../../i18n/i18n';
import { gamesMessages, type GamesTexts } from '../../../i18n/messages/games';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { PageHeader } from '../../../ui/page-header';
import { Link } from 'react-router';
import { useFavorites } from '../api/favorites';
import { useRecentlyPlayed } from '../api/played';
import { GameGrid } from './game-grid';

/** A page of the player's own games: loading, failure, empty and the grid. */
function PlayerGames({
  title,
  intro,
  empty,
  icon,
  query,
  t,
}: {
  title: string;
  intro: string;
  empty: string;
  icon: string;
  query: UseQueryResult<{ data: Game[] }>;
  t: GamesTexts;
}) {
  const localize = useLocalizedPath();
  const games = query.data?.data ?? [];
  return (
    <section>
      <PageHeader title={title} description={intro} />
      {query.isPending ? (
        <div aria-busy="true">
          <p className="sr-only" role="status">
            {t.loading}
          </p>
          <GameGrid games={[]} t={t} skeletons={6} />
        </div>
      ) : query.isError ? (
        <EmptyState text={t.loadFailed} icon={icon}>
          <button
            type="button"
            className={buttonClass('outline')}
            onClick={() => void query.refetch()}
          >
            {t.retry}
          </button>
        </EmptyState>
      ) : games.length === 0 ? (
        <EmptyState text={empty} icon={icon}>
          <Link to={localize('/games')} className={buttonClass('primary')}>
            {t.browseAll}
          </Link>
        </EmptyState>
      ) : (
        <GameGrid games={games} t={t} label={title} />
      )}
    </section>
  );
}

export function FavoritesPage({ title }: { title: string }) {
  const t = useMessages(gamesMessages);
  return (
    <PlayerGames
      title={title}
      intro={t.favoritesIntro}
      empty={t.favoritesEmpty}
      icon="favorites"
      query={useFavorites()}
      t={t}
    />
  );
}

export function RecentlyPlayedPage({ title }: { title: string }) {
  const t = useMessages(gamesMessages);
  return (
    <PlayerGames
      title={title}
      intro={t.recentIntro}
      empty={t.recentEmpty}
      icon="recent"
      query={useRecentlyPlayed()}
      t={t}
    />
  );
}
