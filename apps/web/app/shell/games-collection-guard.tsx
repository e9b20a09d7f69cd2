import { Outlet } from 'react-router';
import { gameCollectionListSchema } from '@coinfall/shared/contracts/game';
import { readGameApiOrNull } from '../features/games/game-api.server';
import type { Route } from './+types/games-collection-guard';
import { SLUG_PATTERN, notFoundWithQuery } from './route-validation';

/**
 * The games-collection guard of spec §2: an optional ?collection= must name a collection that
 * exists, else the 404 page shows. Whether it is open in the player's country is the lobby's to
 * say (docs/decisions: the profile country is player data the server render does not have): it
 * shows a "not available in your country" panel with a link to all games instead of the grid.
 * When the catalog cannot be read, the lobby's own error state shows rather than a false 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const collection = new URL(request.url).searchParams.get('collection');
  if (collection === null) return null;
  if (!SLUG_PATTERN.test(collection)) notFoundWithQuery(request, ['collection']);
  const collections = await readGameApiOrNull(
    context,
    '/api/game/collections',
    gameCollectionListSchema,
  );
  if (collections && !collections.data.some((c) => c.identity === collection))
    notFoundWithQuery(request, ['collection']);
  return null;
}

export default function GamesCollectionGuard() {
  return <Outlet />;
}
