import { lazy, Suspense } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { splitLocalePath } from '@coinfall/shared/locales';
import type { Route } from './+types/root';
import { LocaleContext } from './i18n/i18n';
import { useLayoutKind } from './shell/layout-kind';
import { LockedLayout, ShellLayout } from './shell/layouts';
import { titleMeta } from './shell/page-meta';
import { shouldRevalidateIgnoringTracking } from './shell/revalidation';
import type { NotFoundData } from './shell/route-validation';
import type { RootData } from './lib/root-data';
import { buildRootData } from './shell/root-loader.server';
import { useHydrated } from './lib/use-hydrated';
import './app.css';

// Modals and toasts are client-only and never part of the first paint, so their code (and
// Radix's) loads after hydration instead of weighing on every page's initial JavaScript.
const ModalHost = lazy(() => import('./modals/modal-host').then((m) => ({ default: m.ModalHost })));
const AlertHost = lazy(() =>
  import('./features/alerts/alert-host').then((m) => ({ default: m.AlertHost })),
);

// The realtime connection starts after hydration (spec §4 "after mount"), off the first load.
const RealtimeHost = lazy(() =>
  import('./features/realtime/realtime-host').then((m) => ({ default: m.RealtimeHost })),
);

// Analytics (issue 19): the host loads the Amplitude SDK after the first paint.
const AnalyticsHost = lazy(() => import('./features/analytics/analytics-host'));
// The device fingerprint (decision 049): FingerprintJS loads after the first paint, when enabled.
const FingerprintHost = lazy(() => import('./features/fingerprint/fingerprint-host'));

// Most visits never hit an error, so the error page's code loads only when one is shown.
const ErrorPage = lazy(() => import('./shell/error-page').then((m) => ({ default: m.ErrorPage })));

function ClientOverlays() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ModalHost />
      <AlertHost />
      <RealtimeHost />
      <AnalyticsHost />
      <FingerprintHost />
    </Suspense>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data: rootData, setCookies } = buildRootData(request, context);
  const headers = new Headers();
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return data<RootData>(rootData, { headers });
}

/** The locale lives in the path, so a change of prefix must reload the shell's content. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (
    splitLocalePath(args.currentUrl.pathname).locale !==
    splitLocalePath(args.nextUrl.pathname).locale
  )
    return true;
  return shouldRevalidateIgnoringTracking(args);
}

export function meta({ error, location }: Route.MetaArgs) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return titleMeta(`Page Not Found: ${notFoundPath(error, location.pathname)}`);
  if (error) return titleMeta('Error');
  return titleMeta('Coinfall');
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>('root');
  const { pathname } = useLocation();
  const locale = root?.locale ?? splitLocalePath(pathname).locale;
  // Marks the page interactive: until then a click on a link is the browser's own navigation
  // (a full load), so the browser tests wait for this before they act.
  const hydrated = useHydrated();
  return (
    <html
      lang={locale}
      data-theme={root?.theme ?? 'holiday'}
      data-hydrated={hydrated ? '' : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f17" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <LocaleContext value={locale}>{children}</LocaleContext>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const kind = useLayoutKind();
  // `bare` pages are not the player site's (the game client in its iframe, the back office): the
  // page alone, without the shell, its overlays or its query tracking.
  if (kind === 'bare') return <Outlet />;
  return (
    <>
      <ShellLayout kind={kind}>
        <Outlet />
      </ShellLayout>
      <ClientOverlays />
    </>
  );
}

/** The path a 404 names: the one its loader gave (it may keep the query), else the location's. */
function notFoundPath(error: { data: unknown }, pathname: string): string {
  return (error.data as Partial<NotFoundData> | undefined)?.path ?? pathname;
}

/** A 404 shows the 404 page naming the requested path; anything else is the 500 page (spec §2). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const route = isRouteErrorResponse(error);
  if (!route) console.error(error);
  return (
    <LockedLayout>
      <Suspense fallback={null}>
        {route && error.status === 404 ? (
          <ErrorPage code="404" path={notFoundPath(error, pathname)} />
        ) : (
          <ErrorPage code="500" />
        )}
      </Suspense>
    </LockedLayout>
  );
}
