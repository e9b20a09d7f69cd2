import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { SocialConnection } from '@coinfall/shared/contracts/social';
import { pageMeta } from '../shell/page-meta';
import { SOCIAL_CONNECTIONS, validateRouteParams } from '../shell/route-validation';
import type { Route } from './+types/social-callback';
import { usePageText } from '../i18n/texts';
import { formatMessage, useLocalizedPath, useMessages } from '../i18n/i18n';
import { accountMessages } from '../i18n/messages/account';
import { checkAccount } from '../features/account/account-removal.api';
import { completeSocialLoginOnce, type CallbackOutcome } from '../features/account/social-callback';
import { homeSearch, readCallbackQuery } from '../features/account/social-login.fns';
import { saveSocialSignup, takeSocialReturn } from '../features/account/social-storage';
import { useLeaveRemovedAccount } from '../features/account/use-leave-removed-account';
import { setProfile } from '../lib/query/player-queries';
import { loginWithSocial } from '../lib/session/session';
import { modalAfterLogin } from '../features/session/use-login';

export async function loader({ request, params }: Route.LoaderArgs) {
  validateRouteParams(request, params, { connection: { oneOf: SOCIAL_CONNECTIONS } });
  return { connection: params.connection as SocialConnection };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.socialCallbackTitle);

type Failure = Extract<CallbackOutcome, { kind: 'failed' | 'throttled' }>;

/**
 * The social login return `/auth/social/:connection/callback?code&state` (or `?error`): the
 * code becomes a session, a new identity goes on to the social sign-up (its token held in
 * sessionStorage, never in the URL), a removed account is logged out with its alert, a blocked
 * one goes to /blocked, and a failure says so with ways out. The exchange runs in the browser,
 * which holds the session.
 */
export default function SocialCallback({ loaderData }: Route.ComponentProps) {
  const { connection } = loaderData;
  // useLocation, not useSearchParams: the latter would join React Router's shared chunk, which
  // every guest downloads on the first page.
  const { search } = useLocation();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const leaveRemovedAccount = useLeaveRemovedAccount();
  const [failure, setFailure] = useState<Failure>();
  // The query the provider sent, read once: the page replaces itself when done.
  const [query] = useState(() => readCallbackQuery(new URLSearchParams(search)));

  useEffect(() => {
    let current = true;
    void completeSocialLoginOnce(connection, query, { loginWithSocial, checkAccount }).then(
      async (outcome) => {
        if (!current) return;
        const backTo = query.kind === 'exchange' ? takeSocialReturn(query.state) : undefined;
        switch (outcome.kind) {
          case 'loggedIn': {
            setProfile(outcome.profile);
            const next = modalAfterLogin(outcome.profile, false, backTo ?? null);
            // A new path: the root data (isAuthenticated) is loaded again on the way.
            await navigate(localize('/') + homeSearch(next), { replace: true });
            return;
          }
          case 'signupRequired':
            saveSocialSignup(outcome.signup);
            await navigate(
              localize('/') +
                homeSearch('sign-up', { source: 'social', ...(backTo ? { backTo } : {}) }),
              { replace: true },
            );
            return;
          case 'accountRemoved':
            await leaveRemovedAccount();
            return;
          case 'blocked':
            await navigate(localize('/blocked'), { replace: true });
            return;
          case 'failed':
          case 'throttled':
            setFailure(outcome);
        }
      },
    );
    return () => {
      current = false;
    };
    // Runs once for the provider's answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connection, query]);

  return failure ? <CallbackFailure failure={failure} /> : <CallbackLoading />;
}

function CallbackLoading() {
  const t = usePageText();
  return (
    <section
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center"
      aria-busy="true"
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-border-strong border-t-accent"
      />
      <h1 className="font-display text-2xl font-bold">{t.socialCallbackTitle}</h1>
      <p role="status" className="text-text-muted">
        {t.socialCallbackText}
      </p>
    </section>
  );
}

function CallbackFailure({ failure }: { failure: Failure }) {
  const a = useMessages(accountMessages);
  const localize = useLocalizedPath();
  const message =
    failure.kind === 'throttled'
      ? formatMessage(a.callbackThrottled, { seconds: failure.seconds })
      : failure.reason === 'provider'
        ? a.callbackProviderError
        : failure.reason === 'passwordReset'
          ? a.callbackPasswordReset
          : a.callbackExchangeError;
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <h1 className="font-display text-2xl font-bold">{a.callbackErrorTitle}</h1>
      <p role="alert" className="text-text-muted">
        {message}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link
          to={`${localize('/')}?modal=sign-in`}
          className="rounded-lg bg-accent px-4 py-2.5 font-semibold text-on-primary hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          {a.callbackSignIn}
        </Link>
        <Link
          to={localize('/')}
          className="rounded-lg border border-border-strong px-4 py-2.5 font-semibold hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          {a.callbackHome}
        </Link>
      </div>
    </section>
  );
}
