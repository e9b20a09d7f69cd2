import { useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { useLocalizedPath } from '../i18n/i18n';
import { Icon } from '../ui/icon';

/**
 * Section tabs that are routes (profile, quests): links, so each tab has its own URL. On a
 * narrow screen the bar scrolls sideways; a fade and a chevron on the side that has more tabs
 * say so (a cut-off bar alone reads as "this is all"), and the current tab is scrolled into view.
 */
export function TabNav({
  label,
  tabs,
}: {
  label: string;
  tabs: ReadonlyArray<{ path: string; text: string; end?: boolean }>;
}) {
  const localize = useLocalizedPath();
  const bar = useRef<HTMLElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const update = () =>
      setMore({
        before: el.scrollLeft > 4,
        after: el.scrollLeft + el.clientWidth < el.scrollWidth - 4,
      });
    el.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView({
      block: 'nearest',
      inline: 'nearest',
    });
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  return (
    <div className="relative mb-6">
      <nav ref={bar} aria-label={label} className="overflow-x-auto" data-testid="tab-nav">
        <ul className="flex min-w-max gap-1 rounded-2xl border border-border bg-surface p-1">
          {tabs.map((tab) => (
            <li key={tab.path}>
              <NavLink
                to={localize(tab.path)}
                end={tab.end}
                className={({ isActive }) =>
                  `block rounded-xl px-4 py-2 text-sm font-semibold transition-colors ${isActive ? 'bg-primary text-on-primary' : 'text-text-muted hover:bg-surface-2 hover:text-text'}`
                }
              >
                {tab.text}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {more.before ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-0 flex w-10 items-center rounded-l-2xl bg-gradient-to-r from-bg to-transparent pl-1 text-text-muted"
        >
          <Icon name="chevron" className="size-4 rotate-90" />
        </span>
      ) : null}
      {more.after ? (
        <span
          aria-hidden="true"
          data-testid="tab-nav-more"
          className="pointer-events-none absolute inset-y-0 right-0 flex w-10 items-center justify-end rounded-r-2xl bg-gradient-to-l from-bg to-transparent pr-1 text-text-muted"
        >
          <Icon name="chevron" className="size-4 -rotate-90" />
        </span>
      ) : null}
    </div>
  );
}
