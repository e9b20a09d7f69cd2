import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { tabAfterKey, tabFromHash } from './tabs.fns';

/**
 * The tab kept in the URL hash (`#issued`), so a link can open a page on a tab; the first tab
 * is the one without a hash. Switching replaces the entry and keeps the scroll position.
 */
export function useHashTab<T extends string>(tabs: readonly [T, ...T[]]): [T, (next: T) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabFromHash(tabs, location.hash);
  const select = (next: T) =>
    void navigate(
      { pathname: location.pathname, search: location.search, hash: next === tabs[0] ? '' : next },
      { replace: true, preventScrollReset: true },
    );
  return [tab, select];
}

/**
 * A tab list and its one panel (WAI-ARIA tabs with automatic activation: arrows, Home and End
 * move and select). On a narrow screen the list scrolls sideways instead of wrapping or
 * widening the page; `aside` sits beside it (a filter of the panel).
 */
export function Tabs<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
  labelOf,
  aside,
  children,
}: {
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  label: string;
  labelOf: (tab: T) => string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabAfterKey(tabs, selected, event.key);
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    refs.current.get(next)?.focus();
  };

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div
          role="tablist"
          aria-label={label}
          className="-mx-1 flex max-w-full gap-1 overflow-x-auto px-1 pb-1"
          onKeyDown={onKeyDown}
        >
          {tabs.map((name) => (
            <button
              key={name}
              ref={(node) => {
                if (node) refs.current.set(name, node);
                else refs.current.delete(name);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${name}`}
              aria-selected={selected === name}
              aria-controls={`${id}-panel`}
              tabIndex={selected === name ? 0 : -1}
              onClick={() => onSelect(name)}
              className={`shrink-0 rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap ${selected === name ? 'bg-primary text-on-primary' : 'text-text hover:bg-surface-2'}`}
            >
              {labelOf(name)}
            </button>
          ))}
        </div>
        {aside}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${selected}`}>
        {children}
      </div>
    </div>
  );
}
