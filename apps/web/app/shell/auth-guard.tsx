import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useMessages } from '../i18n/i18n';
import { shellMessages } from '../i18n/messages/shell';
import { buttonClass } from '../ui/button';
import { Icon } from '../ui/icon';
import { MODAL_PARAM, useModalHref } from './modal-link';
import { useRootData } from './root-data';

/**
 * Login-required pages (spec §6). A guest sees a sign-in panel in the page's place and the
 * sign-in modal opens (modal=sign-in is added with a replace). After login the root data
 * revalidates and the page renders where the panel was.
 */
export default function AuthGuard() {
  const { isAuthenticated } = useRootData();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const opened = useRef<string | null>(null);

  useEffect(() => {
    if (isAuthenticated || opened.current === pathname) return;
    // Once per page: a player who closes the modal is not forced back into it.
    opened.current = pathname;
    const params = new URLSearchParams(search);
    if (params.has(MODAL_PARAM)) return;
    params.set(MODAL_PARAM, 'sign-in');
    void navigate({ pathname, search: `?${params.toString()}` }, { replace: true, preventScrollReset: true });
  }, [isAuthenticated, pathname, search, navigate]);

  return isAuthenticated ? <Outlet /> : <LoginRequired />;
}

function LoginRequired() {
  const t = useMessages(shellMessages);
  const modalHref = useModalHref();
  return (
    <section aria-labelledby="login-required-title" className="mx-auto mt-6 flex max-w-lg flex-col items-center gap-4 rounded-3xl border border-border bg-surface px-6 py-12 text-center">
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
