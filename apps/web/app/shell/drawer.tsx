import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import type { NavItem } from '@coinfall/shared';
import { useLocalizedPath } from '../i18n/i18n';
import { Icon } from '../ui/icon';
import { classifyUrl } from '../ui/smart-link';
import { COOKIE_MAX_AGE_SECONDS } from '@coinfall/shared/constants';
import { DRAWER_COMPACT_COOKIE, serializeCookie } from '../lib/session/cookies';
import { useRootData } from '../lib/root-data';
import { useShellText } from '../i18n/texts';
import { linksForFunnel } from '../lib/funnel/funnel.fns';
import { GetCoinsLink } from './get-coins-link';
import { useClosedFunnelGuest } from '../lib/funnel/use-closed-funnel';

/** Remembered for a year so the server renders the same drawer after a reload (spec §2, §9). */
export function rememberDrawerCompact(compact: boolean): void {
  document.cookie = serializeCookie(DRAWER_COMPACT_COOKIE, compact ? '1' : '0', {
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
}

function DrawerLink({
  item,
  compact,
  onNavigate,
}: {
  item: NavItem;
  compact: boolean;
  onNavigate: () => void;
}) {
  const localize = useLocalizedPath();
  const target = classifyUrl(item.url);
  const base =
    'group flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors';
  const label = <span className={compact ? 'lg:sr-only' : undefined}>{item.label}</span>;
  const icon = <Icon name={item.icon ?? 'dot'} className="size-5 shrink-0" />;
  if (target.kind === 'internal') {
    return (
      <NavLink
        to={localize(target.path)}
        end={target.path === '/'}
        onClick={onNavigate}
        title={compact ? item.label : undefined}
        className={({ isActive }) =>
          `${base} ${isActive ? 'bg-primary/15 text-text shadow-[inset_3px_0_0_var(--cf-accent)]' : 'text-text-muted hover:bg-surface-2 hover:text-text'}`
        }
      >
        {icon}
        {label}
      </NavLink>
    );
  }
  if (target.kind === 'external') {
    return (
      <a
        href={target.href}
        target="_blank"
        rel="noopener noreferrer"
        className={`${base} text-text-muted hover:bg-surface-2 hover:text-text`}
      >
        {icon}
        {label}
      </a>
    );
  }
  return null;
}

/**
 * Side navigation from the main-layout content. Desktop: a sticky column that can be compact.
 * Mobile: off-canvas, opened from the header's menu button, closed by Escape or the backdrop.
 */
export function Drawer({
  id,
  open,
  onClose,
  compact,
  onToggleCompact,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  compact: boolean;
  onToggleCompact: () => void;
}) {
  const { content, isAuthenticated } = useRootData();
  const t = useShellText();
  const panel = useRef<HTMLElement>(null);
  const closedGuest = useClosedFunnelGuest();

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const sections = content.mainLayout.drawer
    .map((section) => ({
      ...section,
      items: linksForFunnel(section.items, closedGuest).filter(
        (item) => isAuthenticated || !item.loginRequired,
      ),
    }))
    .filter((section) => section.items.length > 0);

  return (
    <>
      {open ? (
        <button
          type="button"
          aria-label={t.closeMenu}
          tabIndex={-1}
          onClick={onClose}
          className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm lg:hidden"
        />
      ) : null}
      <nav
        id={id}
        ref={panel}
        aria-label={t.mainNavigation}
        className={`${open ? 'fixed inset-y-0 left-0 z-50 flex w-72 shadow-2xl' : 'hidden'} flex-col border-r border-border bg-surface lg:sticky lg:top-0 lg:z-auto lg:flex lg:h-dvh lg:shadow-none ${
          compact ? 'lg:w-20' : 'lg:w-64'
        } transition-[width] duration-200`}
      >
        <div className="flex h-16 items-center justify-between gap-2 px-4 lg:hidden">
          <span className="font-display text-lg font-extrabold">Coinfall</span>
          <button
            type="button"
            onClick={onClose}
            aria-label={t.closeMenu}
            className="grid size-10 place-items-center rounded-xl hover:bg-surface-2"
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="hidden h-16 items-center px-3 lg:flex">
          <button
            type="button"
            onClick={onToggleCompact}
            aria-label={compact ? t.drawerExpand : t.drawerCompact}
            aria-expanded={!compact}
            className={`grid size-10 place-items-center rounded-xl text-text-muted hover:bg-surface-2 hover:text-text ${compact ? 'mx-auto' : 'ml-auto'}`}
          >
            <Icon name={compact ? 'expand' : 'collapse'} />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-3 pb-6">
          {/* Phones hide the header's words; the drawer spells the way to the store out. */}
          {isAuthenticated ? (
            <div className="mb-3 lg:hidden">
              <GetCoinsLink look="row" onClick={onClose} />
            </div>
          ) : null}
          {sections.map((section, i) => (
            <div key={section.title ?? i} className="mt-3 first:mt-0">
              {section.title ? (
                <p
                  className={`px-3 pb-1 text-[0.7rem] font-semibold tracking-[0.12em] text-text-muted uppercase ${compact ? 'lg:sr-only' : ''}`}
                >
                  {section.title}
                </p>
              ) : null}
              <ul className="flex flex-col gap-0.5">
                {section.items.map((item) => (
                  <li key={item.id}>
                    <DrawerLink item={item} compact={compact} onNavigate={onClose} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </nav>
    </>
  );
}
