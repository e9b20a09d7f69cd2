import {
  gameCollectionListSchema,
  gameListSchema,
  gameProviderListSchema,
} from '@coinfall/shared/contracts/game';
import { Lobby } from '../features/games/components/lobby';
import { GameApiError, readGameApi, readGameApiOrNull } from '../features/games/game-api.server';
import { collectionNameOf, gameListQueryOf, lobbyFilterOf } from '../features/games/lobby.fns';
import { useMessages } from '../i18n/i18n';
import { gamesMessages } from '../i18n/messages/games';
import { pageMeta } from '../shell/page-meta';
import { notFoundWithQuery } from '../shell/route-validation';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/games';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.gamesTitle);

/**
 * The public catalog, server-rendered: collections, providers and the filter's first page. A
 * licensed collection's games are the player's to ask for (with their token) in the browser,
 * and an unknown provider is the 404 page, like an unknown collection.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = lobbyFilterOf(new URL(request.url).searchParams);
  const collections = await readGameApiOrNull(
    context,
    '/api/game/collections',
    gameCollectionListSchema,
  );
  const licensed = collections?.data.some(
    (c) => c.identity === filter.collection && c.countries.length > 0,
  );
  const [providers, firstPage] = await Promise.all([
    readGameApiOrNull(context, '/api/game/providers', gameProviderListSchema),
    licensed
      ? null
      : readGameApi(context, '/api/game/games', gameListSchema, gameListQueryOf(filter, 1)).catch(
          (error: unknown) => {
            if (error instanceof GameApiError && error.status === 404)
              notFoundWithQuery(request, ['collection', 'provider']);
            return null;
          },
        ),
  ]);
  return {
    filter,
    collections: collections?.data ?? [],
    providers: providers?.data ?? [],
    firstPage,
  };
}

/** The lobby: collections, provider, search, sort and a grid that loads more on request. */
export default function Games({ loaderData }: Route.ComponentProps) {
  const t = usePageText();
  const games = useMessages(gamesMessages);
  const collection = loaderData.collections.find(
    (c) => c.identity === loaderData.filter.collection,
  );
  return (
    <>
      <PageHeader
        title={
          collection ? `${t.gamesTitle}: ${collectionNameOf(collection, games)}` : t.gamesTitle
        }
      />
      <Lobby data={loaderData} />
      {/* The live boards, rendered here by the realtime host after hydration. */}
      <div data-live-boards="" />
    </>
  );
}
