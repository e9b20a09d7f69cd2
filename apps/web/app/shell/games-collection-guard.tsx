import { Outlet } from 'react-router';
import type { Route } from './+types/games-collection-guard';
import { SLUG_PATTERN, notFound } from './route-validation';

/**
 * The games-collection guard of spec §2: an optional ?collection= must look like a collection
 * slug, else the 404 page shows. Checking that the collection exists (and is available in the
 * player's country) comes with the games issue, which loads the collections.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const collection = new URL(request.url).searchParams.get('collection');
  if (collection !== null && !SLUG_PATTERN.test(collection)) notFound(request);
  return null;
}

export default function GamesCollectionGuard() {
  return <Outlet />;
}
