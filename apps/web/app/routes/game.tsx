import type { ShellHandle } from '../shell/layout-kind';
import { pageMeta } from '../shell/page-meta';
import { validateRouteParams } from '../shell/route-validation';
import { EmptyState } from '../ui/empty-state';
import type { Route } from './+types/game';
import { usePageText } from '../i18n/texts';

export const handle: ShellHandle = { layout: 'lite' };

export async function loader({ request, params }: Route.LoaderArgs) {
  validateRouteParams(request, params, { id: 'id' });
  return { id: params.id };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.gameTitle);

/** games-id: the game frame comes with the games issue; the page already has the lite layout. */
export default function Game() {
  const t = usePageText();
  return (
    <section className="flex flex-1 flex-col">
      <h1 className="sr-only">{t.gameTitle}</h1>
      <div className="flex flex-1 items-center justify-center rounded-2xl border border-border bg-black/40">
        <EmptyState text={t.gameEmpty} icon="games" />
      </div>
    </section>
  );
}
