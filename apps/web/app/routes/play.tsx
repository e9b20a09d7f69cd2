import { lazy, Suspense } from 'react';
import type { ShellHandle } from '../shell/layout-kind';
import { titleMeta } from '../shell/page-meta';
import { useHydrated } from '../lib/use-hydrated';
import type { Route } from './+types/play';

/** The game client runs alone in the iframe: no header, no drawer, no overlays. */
export const handle: ShellHandle = { layout: 'bare' };

export const meta: Route.MetaFunction = () => titleMeta('Coinfall');

// The token lives in the fragment, which only the browser sees: the frame is client-only.
const GameFrame = lazy(() =>
  import('../features/game-client/frame/game-frame').then((m) => ({ default: m.GameFrame })),
);

export default function Play({ params }: Route.ComponentProps) {
  const hydrated = useHydrated();
  if (!hydrated) return <div className="min-h-dvh" aria-busy="true" />;
  return (
    <Suspense fallback={<div className="min-h-dvh" aria-busy="true" />}>
      <GameFrame identity={params.identity} />
    </Suspense>
  );
}
