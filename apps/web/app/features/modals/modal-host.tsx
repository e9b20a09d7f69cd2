import { Suspense, useEffect, useState } from 'react';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { useLocation, useNavigate } from 'react-router';
import { useRootData } from '../../shell/root-data.ts';
import { ModalEntryContext, type ModalEntryContextValue } from './modal-entry.ts';
import {
  modalsToOpenOnLoad,
  readOpenModal,
  stripParams,
  toSearch,
  zIndexFor,
} from './modal-query.fns.ts';
import { MODAL_REGISTRY } from './modal-registry.ts';
import { modalStore, type ModalEntry } from './modal-store.ts';
import { useModals } from './use-modals.ts';

/**
 * Renders the open modals, bottom first. The keyed one comes from the URL; on the URL the page
 * was loaded with, the load rule applies (logged-in visitors do not get sign-in, sign-up,
 * password, payment or card modals, and those keys are stripped with a replace navigation).
 * Modals render only after hydration: Radix portals need the DOM, and the server HTML stays
 * the same for every query.
 */
export function ModalHost() {
  const { isAuthenticated } = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const modals = useModals();
  const hydrated = useHydrated();
  // The history entry the page loaded on; a replace navigation gives the entry a new key.
  const [loadLocationKey] = useState(location.key);
  // The load rule is about who opened the page: logging in from a modal of that same entry must
  // not make the rule strip the modal the login flow opens next.
  const [authenticatedAtLoad] = useState(isAuthenticated);

  const searchParams = new URLSearchParams(location.search);
  const onLoadEntry = location.key === loadLocationKey;
  const plan = onLoadEntry ? modalsToOpenOnLoad(searchParams, authenticatedAtLoad) : undefined;
  const keyedName = hydrated ? (plan ? plan.open : readOpenModal(searchParams)) : undefined;
  const strippedSearch =
    hydrated && plan?.strip.length ? toSearch(stripParams(searchParams, plan.strip)) : undefined;

  useEffect(() => {
    if (strippedSearch === undefined) return;
    void navigate(
      { pathname: location.pathname, search: strippedSearch, hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [strippedSearch, location.pathname, location.hash, navigate]);

  useEffect(() => {
    modalStore.syncKeyed(keyedName);
  }, [keyedName]);

  // The store catches up with the URL in an effect; until then a stale keyed entry is hidden.
  const visible = modals.stack.filter((entry) => !entry.keyed || entry.name === keyedName);

  const contextFor = (entry: ModalEntry, index: number): ModalEntryContextValue => {
    const definition = MODAL_REGISTRY[entry.name];
    return {
      entry,
      definition,
      zIndex: zIndexFor(index),
      modalKey: definition.queryKey ?? entry.name,
      searchParams,
      close: () => {
        if (entry.keyed) modals.closeKeyed();
        else modals.close(entry.name);
      },
    };
  };

  return (
    <>
      {visible.map((entry, index) => {
        const Component = MODAL_REGISTRY[entry.name].component;
        return (
          <ModalEntryContext.Provider key={entry.name} value={contextFor(entry, index)}>
            <Suspense fallback={null}>
              <Component />
            </Suspense>
          </ModalEntryContext.Provider>
        );
      })}
    </>
  );
}
