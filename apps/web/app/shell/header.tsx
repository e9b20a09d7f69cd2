import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import { useLocalizedPath } from '../i18n/i18n';
import { Icon } from '../ui/icon';
import { Logo } from '../ui/logo';
import { classifyUrl } from '../ui/smart-link';
import { useRootData } from '../lib/root-data';
import { linksForFunnel } from '../lib/funnel/funnel.fns';
import { useClosedFunnelGuest } from '../lib/funnel/use-closed-funnel';
import { GuestLinks } from './user-nav';
import { useShellText } from '../i18n/texts';

// Only players see these, so a guest's first page never downloads them.
const PlayerControls = lazy(() =>
  import('./player-controls').then((m) => ({ default: m.PlayerControls })),
);

function HeaderLinks() {
  const { content, isAuthenticated } = useRootData();
  const localize = useLocalizedPath();
  const closedGuest = useClosedFunnelGuest();
  const items = linksForFunnel(content.mainLayout.header, closedGuest).filter(
    (item) => (isAuthenticated || !item.loginRequired) && classifyUrl(item.url).kind === 'internal',
  );
  if (items.length === 0) return null;
  return (
    <ul className="hidden items-center gap-1 xl:flex">
      {items.map((item) => (
        <li key={item.id}>
          <NavLink
            to={localize(item.url)}
            className={({ isActive }) =>
              `rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'text-accent' : 'text-text-muted hover:text-text'}`
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The top bar: menu button (mobile, default layout), logo, quick links, balance, notifications, account. */
export function Header({
  menu,
}: {
  menu?: { controls: string; open: boolean; onOpen: () => void };
}) {
  const t = useShellText();
  const { isAuthenticated } = useRootData();
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-bg/85 backdrop-blur-md">
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-5">
        {menu ? (
          <button
            type="button"
            onClick={menu.onOpen}
            aria-label={t.openMenu}
            aria-controls={menu.controls}
            aria-expanded={menu.open}
            className="grid size-10 place-items-center rounded-xl text-text hover:bg-surface-2 lg:hidden"
          >
            <Icon name="menu" />
          </button>
        ) : null}
        <Logo />
        <nav aria-label={t.mainNavigation} className="ml-4 hidden xl:block">
          <HeaderLinks />
        </nav>
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          {isAuthenticated ? (
            <Suspense fallback={<span aria-hidden="true" className="h-10 w-40" />}>
              <PlayerControls />
            </Suspense>
          ) : (
            <GuestLinks />
          )}
        </div>
      </div>
    </header>
  );
}
