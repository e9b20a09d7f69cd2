import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useNavigation } from 'react-router';
import {
  GAME_SORTS,
  type GameCollection,
  type GameProvider,
} from '@coinfall/shared/contracts/game';
import type { GamesTexts } from '../../../i18n/messages/games';
import {
  collectionNameOf,
  lobbySearchWith,
  SEARCH_DEBOUNCE_MS,
  type LobbyFilter,
} from '../lobby.fns';

const FIELD =
  'h-11 rounded-xl border border-border-strong bg-surface px-3 text-sm text-text placeholder:text-text-muted';

/** Collections as links (each a real URL), provider, search and sort — all kept in the URL. */
export function LobbyFilters({
  filter,
  collections,
  providers,
  t,
}: {
  filter: LobbyFilter;
  collections: readonly GameCollection[];
  providers: readonly GameProvider[];
  t: GamesTexts;
}) {
  // useLocation, not useSearchParams: the latter would join React Router's shared chunk and
  // grow every page's first load (see routes/social-callback.tsx).
  const { pathname, search: locationSearch } = useLocation();
  const searchParams = new URLSearchParams(locationSearch);
  // The debounced search builds on the URL as it is when it fires — or as it is about to be: a
  // collection clicked just before typing is a navigation whose loader may still be running, and
  // building on the old URL would replace it and bring the old collection back.
  const pending = useNavigation().location;
  const baseSearch = pending?.pathname === pathname ? pending.search : locationSearch;
  const latestSearch = useRef(baseSearch);
  useEffect(() => {
    latestSearch.current = baseSearch;
  }, [baseSearch]);
  const navigate = useNavigate();
  const ids = useId();
  const hrefWith = (patch: Parameters<typeof lobbySearchWith>[1]) => {
    const next = lobbySearchWith(searchParams, patch).toString();
    return next ? `?${next}` : '?';
  };

  // The box navigates once typing pauses; a URL change it did not make (back button, "clear
  // filters") puts the URL's value back in the box. Adjusted during render, not in an effect.
  const [search, setSearch] = useState(filter.search ?? '');
  const [applied, setApplied] = useState(filter.search ?? '');
  const [urlSearch, setUrlSearch] = useState(filter.search);
  if (urlSearch !== filter.search) {
    setUrlSearch(filter.search);
    if ((filter.search ?? '') !== applied) setSearch(filter.search ?? '');
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const next = value.trim();
      if (next === (filter.search ?? '')) return;
      setApplied(next);
      const query = lobbySearchWith(new URLSearchParams(latestSearch.current), {
        search: next,
      }).toString();
      void navigate(query ? `?${query}` : '?', { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
  };

  // A provider or sort picked while a search is still pending takes the box's value with it and
  // cancels the pending search: otherwise the debounce could fire before this navigation lands
  // (its loader still running) and replace it with a URL that has lost the pick.
  const apply = (patch: Parameters<typeof lobbySearchWith>[1]) => {
    clearTimeout(timer.current);
    const pending = search.trim();
    setApplied(pending);
    void navigate(hrefWith({ search: pending, ...patch }), { preventScrollReset: true });
  };

  return (
    <div className="mb-6 space-y-3 sm:space-y-4">
      <nav aria-label={t.collectionsLabel} className="-mx-1 overflow-x-auto pb-1">
        <ul className="flex gap-2 px-1">
          {[{ identity: undefined, name: t.allGames }, ...collections].map((c) => {
            const current = filter.collection === c.identity;
            return (
              <li key={c.identity ?? 'all'}>
                <Link
                  to={hrefWith({ search: search.trim(), collection: c.identity })}
                  onClick={() => clearTimeout(timer.current)}
                  preventScrollReset
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex h-9 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap ${
                    current
                      ? 'border-accent bg-accent text-on-accent'
                      : 'border-border-strong text-text hover:bg-surface-2'
                  }`}
                >
                  {c.identity === undefined ? c.name : collectionNameOf(c, t)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* Phones: search on one row, provider and sort side by side under it, their labels
          read out but not shown (each select's value names itself), so the games start on
          the first screen. */}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_auto_auto] sm:gap-3">
        <div role="search" className="col-span-2 flex flex-col gap-1 sm:col-span-1">
          <label
            htmlFor={`${ids}search`}
            className="max-sm:sr-only text-xs font-semibold text-text-muted"
          >
            {t.searchLabel}
          </label>
          <input
            id={`${ids}search`}
            type="search"
            value={search}
            maxLength={64}
            placeholder={t.searchPlaceholder}
            onChange={(e) => onSearch(e.target.value)}
            className={FIELD}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label
            htmlFor={`${ids}provider`}
            className="max-sm:sr-only text-xs font-semibold text-text-muted"
          >
            {t.providerLabel}
          </label>
          <select
            id={`${ids}provider`}
            value={filter.provider ?? ''}
            onChange={(e) => apply({ provider: e.target.value })}
            className={FIELD}
          >
            <option value="">{t.allProviders}</option>
            {providers.map((p) => (
              <option key={p.identity} value={p.identity}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label
            htmlFor={`${ids}sort`}
            className="max-sm:sr-only text-xs font-semibold text-text-muted"
          >
            {t.sortLabel}
          </label>
          <select
            id={`${ids}sort`}
            value={filter.sortBy}
            onChange={(e) => apply({ sortBy: e.target.value as LobbyFilter['sortBy'] })}
            className={FIELD}
          >
            {GAME_SORTS.map((s) => (
              <option key={s} value={s}>
                {t[`sort_${s}`]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
