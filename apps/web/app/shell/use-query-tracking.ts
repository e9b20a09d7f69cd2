import { useContext, useEffect, useState } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  useLocation,
  useNavigate,
  useNavigation,
} from 'react-router';
import type { Funnel } from '../lib/funnel/funnel.fns';
import { schedulePostNavigationTasks } from './post-navigation';
import {
  AFFILIATE_PARAM,
  STORAGE_KEYS,
  affiliateTagAction,
  mergeTrackedParams,
  parseStoredTrackedParams,
  pickTrackedParams,
  registrationParams,
  withTrackingParams,
} from './query-tracking';

/** Storage can be disabled (private modes, embedded views); tracking then just does nothing. */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** First visit: uid and the registration params (spec §3). */
function recordFirstVisit(store: Storage, search: URLSearchParams): void {
  if (!store.getItem(STORAGE_KEYS.uid)) {
    store.setItem(STORAGE_KEYS.uid, crypto.randomUUID());
    store.setItem(STORAGE_KEYS.ampRegParams, JSON.stringify(registrationParams(search)));
  }
}

/**
 * The A/B group and funnel type the server chose (decision 063: its cookies are the record the
 * pages render from) kept in the spec's local-storage keys, which the sign-up reads.
 */
function mirrorFunnel(store: Storage, funnel: Funnel): void {
  if (store.getItem(STORAGE_KEYS.abGroup) !== funnel.abGroup)
    store.setItem(STORAGE_KEYS.abGroup, funnel.abGroup);
  if (store.getItem(STORAGE_KEYS.funnelType) !== funnel.funnelType)
    store.setItem(STORAGE_KEYS.funnelType, funnel.funnelType);
}

function applyAffiliateTag(
  store: Storage,
  isAuthenticated: boolean,
  search: URLSearchParams,
): void {
  // React Router keeps an index in history.state; above 0 there is an entry to go back to.
  const state = window.history.state as { idx?: number } | null;
  const action = affiliateTagAction({
    isAuthenticated,
    stag: search.get(AFFILIATE_PARAM),
    hasBackState: (state?.idx ?? 0) > 0,
  });
  if (action.kind === 'store') store.setItem(STORAGE_KEYS.affiliateTag, action.tag);
  else if (action.kind === 'remove') store.removeItem(STORAGE_KEYS.affiliateTag);
}

/**
 * The query handling of spec §2: is_auth and the persisted marketing parameters ride along on
 * every navigation (a replace, so history gains no entry), the affiliate tag follows its rule,
 * and the post-navigation tasks run after their delay.
 */
export function useQueryTracking(isAuthenticated: boolean, funnel: Funnel): void {
  const location = useLocation();
  const navigate = useNavigate();
  // Another navigation in flight (a modal closing, a guard redirect) holds the newer URL: this
  // replace would resurrect the old query, so it waits until that one has landed.
  const idle = useNavigation().state === 'idle';
  // The router's state now, not as of this render: a click during hydration (React replays it)
  // starts a navigation before this effect runs, and `idle` above cannot know it yet.
  const router = useContext(DataRouterContext)?.router;
  const { pathname, search, hash } = location;
  const state: unknown = location.state;
  // The query the visit started with: first-visit records and the affiliate tag read it.
  const [landingSearch] = useState(search);

  useEffect(() => {
    const store = storage();
    if (store) recordFirstVisit(store, new URLSearchParams(landingSearch));
  }, [landingSearch]);

  const { abGroup, funnelType } = funnel;
  useEffect(() => {
    const store = storage();
    if (store) mirrorFunnel(store, { abGroup, funnelType });
  }, [abGroup, funnelType]);

  useEffect(() => {
    const store = storage();
    if (store) applyAffiliateTag(store, isAuthenticated, new URLSearchParams(landingSearch));
  }, [isAuthenticated, landingSearch]);

  useEffect(() => {
    const store = storage();
    const stored = parseStoredTrackedParams(store?.getItem(STORAGE_KEYS.utmParams) ?? null);
    const tracked = mergeTrackedParams(stored, pickTrackedParams(new URLSearchParams(search)));
    if (store && Object.keys(tracked).length > 0)
      store.setItem(STORAGE_KEYS.utmParams, JSON.stringify(tracked));
    const wanted = withTrackingParams(search, { isAuthenticated, tracked });
    const live = router?.state;
    const settled = live
      ? live.navigation.state === 'idle' && live.location.key === location.key
      : idle;
    if (settled && wanted !== search) {
      void navigate(
        { pathname, search: wanted, hash },
        { replace: true, preventScrollReset: true, state },
      );
    }
  }, [pathname, search, hash, state, location.key, isAuthenticated, navigate, idle, router]);

  useEffect(() => schedulePostNavigationTasks({ pathname, search }), [pathname, search]);
}
