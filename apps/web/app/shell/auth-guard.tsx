import { Link, Outlet, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { buttonClass } from '../ui/button';
import { Icon } from '../ui/icon';
import type { Route } from './+types/auth-guard';
import { ACCESS_TOKEN_COOKIE, isAccessTokenRenewable, parseCookies } from '../lib/session/cookies';
import { MODAL_PARAM, useModalHref } from '../lib/modals/modal-link';
import { useLoginRequiredPage } from '../lib/session/login-required-page';
import { useRootData } from '../lib/root-data';
import { useShellText } from '../i18n/texts';
import { isClosedFunnel } from '../lib/funnel/funnel.fns';
import { funnelForRequest } from './funnel.server';

/**
 * Login-required pages (spec §6). A guest is redirected to the same page with modal=sign-in
 * (sign-up in a semi-closed funnel), so the modal opens over a sign-in panel in the page's place;
 * after login the root data revalidates and the page renders where the panel was. Doing this in the loader (rather than
 * an effect) keeps it to one URL change that no other query handling can race.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const token = parseCookies(request.headers.get('cookie'))[ACCESS_TOKEN_COOKIE];
  if (isAccessTokenRenewable(token, Date.now())) return null;
  const url = new URL(request.url);
  if (url.searchParams.has(MODAL_PARAM)) return null;
  // A semi-closed funnel's guest is a visitor to win: the sign-up form, not sign-in (decision 063).
  const closed = isClosedFunnel(funnelForRequest(request, context).funnelType);
  url.searchParams.set(MODAL_PARAM, closed ? 'sign-up' : 'sign-in');
  throw redirect(`${url.pathname}${url.search}${url.hash}`);
}

/** Closing the modal changes only the query: a guest who closes it is not forced back into it. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function AuthGuard() {
  const { isAuthenticated } = useRootData();
  useLoginRequiredPage();
  return isAuthenticated ? <Outlet /> : <LoginRequired />;
}

function LoginRequired() {
  const t = useShellText();
  const modalHref = useModalHref();
  return (
    <section
      aria-labelledby="login-required-title"
      className="mx-auto mt-6 flex max-w-lg flex-col items-center gap-4 rounded-3xl border border-border bg-surface px-6 py-12 text-center"
    >
      <span className="grid size-14 place-items-center rounded-full bg-surface-2 text-accent">
        <Icon name="lock" className="size-7" />
      </span>
      <h1 id="login-required-title" className="font-display text-2xl font-bold">
        {t.loginRequiredTitle}
      </h1>
      <p className="text-text-muted">{t.loginRequiredText}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to={modalHref('sign-in')} className={buttonClass('primary', 'lg')}>
          {t.signIn}
        </Link>
        <Link to={modalHref('sign-up')} className={buttonClass('outline', 'lg')}>
          {t.signUp}
        </Link>
      </div>
    </section>
  );
}
