import { NavLink } from 'react-router';
import { useLocalizedPath } from '../i18n/i18n';

/** Section tabs that are routes (profile, quests): links, so each tab has its own URL. */
export function TabNav({
  label,
  tabs,
}: {
  label: string;
  tabs: ReadonlyArray<{ path: string; text: string; end?: boolean }>;
}) {
  const localize = useLocalizedPath();
  return (
    <nav aria-label={label} className="mb-6 overflow-x-auto">
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
  );
}
