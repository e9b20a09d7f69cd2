import { QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { GameCollection, GameList, GameProvider } from '@coinfall/shared/contracts/game';
import { formatMessage, useLocalizedPath, useMessages } from '../../../i18n/i18n';
import { gamesMessages, type GamesTexts } from '../../../i18n/messages/games';
import { useRootData } from '../../../lib/root-data';
import { buttonClass } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { profileQuery, usePlayerQuery } from '../../../lib/query/player-queries';
import { isCollectionRefused, lobbyGamesQuery } from '../api/catalog';
import {
  collectionNameOf,
  isCollectionAvailable,
  LOBBY_PAGE_SIZE,
  type LobbyFilter,
} from '../lobby.fns';
import { GameGrid } from './game-grid';
import { LobbyFilters } from './lobby-filters';
import { RecentlyPlayedStrip } from './recently-played-strip';

export interface LobbyData {
  filter: LobbyFilter;
  collections: GameCollection[];
  providers: GameProvider[];
  /** The first page, rendered on the server; null when the catalog could not be read. */
  firstPage: GameList | null;
}

/** /games: filters in the URL, the server's first page, then "Load more" in the browser. */
export function Lobby({ data }: { data: LobbyData }) {
  const t = useMessages(gamesMessages);
  const { isAuthenticated } = useRootData();
  const collection = data.collections.find((c) => c.identity === data.filter.collection);
  // A guest has no profile to ask for (the API's 401 would log the visitor out to /403).
  const profile = usePlayerQuery({ ...profileQuery, enabled: isAuthenticated });
  // Fail closed like the API (decision 014): a licensed collection needs a logged-in player
  // whose profile country it lists; the API's 403 backs this up while the profile loads.
  const refusedUpFront =
    collection !== undefined &&
    collection.countries.length > 0 &&
    (!isAuthenticated ||
      (profile.data !== undefined &&
        !isCollectionAvailable(collection, profile.data.country ?? undefined)));

  return (
    <>
      {isAuthenticated ? <RecentlyPlayedStrip t={t} /> : null}
      <LobbyFilters
        filter={data.filter}
        collections={data.collections}
        providers={data.providers}
        t={t}
      />
      {refusedUpFront ? (
        <CollectionUnavailable name={collectionNameOf(collection, t)} t={t} />
      ) : (
        <LobbyGames
          data={data}
          collectionName={collection ? collectionNameOf(collection, t) : ''}
          t={t}
        />
      )}
    </>
  );
}

function CollectionUnavailable({ name, t }: { name: string; t: GamesTexts }) {
  const localize = useLocalizedPath();
  return (
    <section
      aria-labelledby="collection-unavailable"
      className="rounded-2xl border border-border bg-surface p-8 text-center"
    >
      <h2 id="collection-unavailable" className="font-display text-xl font-bold">
        {t.unavailableTitle}
      </h2>
      <p className="mt-2 text-text-muted">{formatMessage(t.unavailableText, { name })}</p>
      <Link to={localize('/games')} className={`${buttonClass('primary')} mt-5`}>
        {t.browseAll}
      </Link>
    </section>
  );
}

function LobbyGames({
  data,
  collectionName,
  t,
}: {
  data: LobbyData;
  collectionName: string;
  t: GamesTexts;
}) {
  const localize = useLocalizedPath();
  // The catalog pages live in the lobby's own client: on the server it goes with the request
  // (the shared player client would keep every visitor's filters for good), in the browser
  // with the page.
  const [lobbyClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }),
  );
  const query = useInfiniteQuery(
    lobbyGamesQuery(data.filter, data.firstPage ?? undefined),
    lobbyClient,
  );
  const pages = query.data?.pages ?? [];
  const games = pages.flatMap((p) => p.data);
  const total = pages[0]?.meta.totalRows ?? 0;
  const loadingFirst = query.isPending;
  const filtered = Boolean(data.filter.collection ?? data.filter.provider ?? data.filter.search);

  if (query.isError && isCollectionRefused(query.error))
    return <CollectionUnavailable name={collectionName} t={t} />;
  if (query.isError && games.length === 0) {
    return (
      <EmptyState text={t.loadFailed} icon="games">
        <button
          type="button"
          className={buttonClass('outline')}
          onClick={() => void query.refetch()}
        >
          {t.retry}
        </button>
      </EmptyState>
    );
  }
  if (!loadingFirst && games.length === 0) {
    return (
      <EmptyState text={t.empty} icon="games">
        {filtered ? (
          <Link to={localize('/games')} className={buttonClass('outline')}>
            {t.clearFilters}
          </Link>
        ) : null}
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="lobby-games" aria-busy={query.isFetching}>
      <h2 id="lobby-games" className="sr-only">
        {t.allGames}
      </h2>
      <GameGrid
        games={games}
        t={t}
        skeletons={loadingFirst ? LOBBY_PAGE_SIZE / 2 : query.isFetchingNextPage ? 6 : 0}
      />
      <div className="mt-6 flex flex-col items-center gap-3">
        <p className="text-sm text-text-muted" aria-live="polite" aria-atomic="true">
          {query.isFetchingNextPage
            ? t.loadingMore
            : loadingFirst
              ? t.loading
              : formatMessage(t.showing, { count: games.length, total })}
        </p>
        {query.hasNextPage ? (
          <button
            type="button"
            className={buttonClass('outline', 'lg')}
            disabled={query.isFetchingNextPage}
            aria-disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? t.loadingMore : t.loadMore}
          </button>
        ) : null}
        {query.isFetchNextPageError ? (
          <p role="alert" className="text-sm text-danger">
            {t.loadFailed}
          </p>
        ) : null}
      </div>
    </section>
  );
}
