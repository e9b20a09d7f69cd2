import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api/api-error';
import { buttonClass } from '../../ui/button';
import { LoadFailed, Skeleton } from '../../ui/load-state';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import { lastStaffCallAt, onStaffSignedOut } from '../api/staff-client';
import { signOut, useStaffMe } from '../api/staff-session';
import { StaffContext } from '../use-staff';
import { mayOpen, sectionOf, sectionsFor, signInPath, type SignInReason } from '../nav.fns';

const MAIN_ID = 'admin-main';
/** How often the idle timer looks at the clock. */
const IDLE_CHECK_MS = 15_000;

/**
 * The back office's frame (server-rendered): skip link, the staff member and sign-out, the
 * sections the role may open, and the page. The session is an HttpOnly cookie only sent to
 * /api/admin, so the server render cannot know who is there: the frame asks /me after
 * hydration, and anyone without a staff session (a player's cookie included) lands on sign-in.
 */
export default function AdminFrame() {
  const me = useStaffMe();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;

  useEffect(() => {
    const leave = (reason: SignInReason | undefined) =>
      void navigate(signInPath(reason, here), { replace: true });
    const stop = onStaffSignedOut((reason) => leave(reason));
    // No staff session at all (never signed in, or a player's cookie): plain sign-in.
    if (me.error instanceof ApiError && me.error.status === 401) leave(undefined);
    return stop;
  }, [me.error, navigate, here]);

  // The server ends a session idle past its timeout at the next request; the page does not
  // wait for one: it ends the session and says so.
  const idleMinutes = me.data?.idleTimeoutMinutes;
  useEffect(() => {
    if (!idleMinutes) return;
    const timer = setInterval(() => {
      if (Date.now() - lastStaffCallAt() < idleMinutes * 60_000) return;
      clearInterval(timer);
      void signOut()
        .catch(() => undefined)
        .then(() => navigate(signInPath('idle', here), { replace: true }));
    }, IDLE_CHECK_MS);
    return () => clearInterval(timer);
  }, [idleMinutes, navigate, here]);

  // A keyboard or screen-reader user lands on the new page's content, not back at the top of
  // the menu, after each navigation (not on the first load: the skip link is there for it).
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [pathname]);

  const staff = me.data;
  const sections = staff ? sectionsFor(staff.permissions) : [];
  const current = sectionOf(pathname);

  return (
    <>
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-lg bg-accent px-4 py-2 font-semibold text-on-accent focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh flex-col md:flex-row">
        <aside className="border-b border-border bg-surface md:w-60 md:shrink-0 md:border-r md:border-b-0">
          <p className="px-4 pt-4 pb-2 text-sm font-bold tracking-wide text-accent uppercase">
            <NavLink to="/admin" end>
              Coinfall back office
            </NavLink>
          </p>
          <nav aria-label="Back office">
            {staff ? (
              <ul className="flex gap-1 overflow-x-auto px-2 pb-3 md:flex-col">
                {sections.map((section) => (
                  <li key={section.path}>
                    <NavLink
                      to={section.path}
                      className="block rounded-lg px-3 py-2 text-sm whitespace-nowrap text-text-muted hover:bg-surface-2 hover:text-text aria-[current=page]:bg-surface-2 aria-[current=page]:font-semibold aria-[current=page]:text-text"
                    >
                      {section.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-4 pb-3 text-sm text-text-muted">…</p>
            )}
          </nav>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex flex-wrap items-center justify-end gap-3 border-b border-border px-4 py-3 text-sm">
            {staff && (
              <>
                <span>
                  <span className="sr-only">Signed in as </span>
                  <span className="font-semibold">{staff.email}</span>{' '}
                  <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs text-text-muted">
                    {staff.role}
                  </span>
                </span>
                <button
                  type="button"
                  className={buttonClass('outline', 'sm')}
                  onClick={() =>
                    void signOut()
                      .catch(() => undefined)
                      .then(() => navigate(signInPath('signed-out', '/admin'), { replace: true }))
                  }
                >
                  Sign out
                </button>
              </>
            )}
          </header>
          <main
            id={MAIN_ID}
            tabIndex={-1}
            className="w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-6"
          >
            {staff ? (
              mayOpen(pathname, staff.permissions) ? (
                <StaffContext value={staff}>
                  <Outlet />
                </StaffContext>
              ) : (
                <p role="alert">
                  The {staff.role} role may not open {current?.label ?? 'this page'}.
                </p>
              )
            ) : me.isError && !(me.error instanceof ApiError && me.error.status === 401) ? (
              <LoadFailed texts={ADMIN_LOAD_TEXTS} onRetry={() => void me.refetch()} />
            ) : (
              <Skeleton rows={4} label="Checking your session…" />
            )}
          </main>
        </div>
      </div>
    </>
  );
}
