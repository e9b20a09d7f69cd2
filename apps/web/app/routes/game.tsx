import { lazy, Suspense } from 'react';
import { gameSchema } from '@coinfall/shared/contracts/game';
import { GamePage } from '../features/games/components/game-page';
import { GameApiError, readGameApi } from '../features/games/game-api.server';
import type { ShellHandle } from '../shell/layout-kind';
import { pageMeta, titleMeta } from '../shell/page-meta';
import { notFound, validateRouteParams } from '../shell/route-validation';
import { useHydrated } from '../lib/use-hydrated';
import type { Route } from './+types/game';

export const handle: ShellHandle = { layout: 'lite' };

/** The game's public card (SSR); an unknown game is the 404 page. Play starts in the browser. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  validateRouteParams(request, params, { id: 'id' });
  const game = await readGameApi(
    context,
    `/api/game/games/${encodeURIComponent(params.id)}`,
    gameSchema,
  ).catch((error: unknown) => {
    if (error instanceof GameApiError && error.status === 404) notFound(request);
    return null;
  });
  return { id: params.id, game };
}

// Client-only: the reality check's timer and dialog (decision 036), after hydration.
const RealityCheckDialog = lazy(() =>
  import('../features/protection/components/reality-check-dialog').then((m) => ({
    default: m.RealityCheckDialog,
  })),
);

// Client-only and invisible: loaded after hydration.
const WinnerAlertWatch = lazy(() =>
  import('../features/live-boards/winner-alert-watch').then((m) => ({
    default: m.WinnerAlertWatch,
  })),
);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.game ? titleMeta(loaderData.game.name) : pageMeta(matches, (t) => t.gameTitle);

/**
 * games-id (login required): the game frame, its info and fairness, the winner alert and the
 * reality check.
 */
export default function Game({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  return (
    <section className="flex flex-1 flex-col">
      <GamePage id={loaderData.id} game={loaderData.game} />
      {hydrated ? (
        <Suspense fallback={null}>
          <WinnerAlertWatch gameId={loaderData.id} />
          <RealityCheckDialog />
        </Suspense>
      ) : null}
    </section>
  );
}
