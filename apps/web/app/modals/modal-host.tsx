import { Suspense, useEffect, useState } from 'react';
import { KEYED_MODALS, type ModalQueryKey } from '@coinfall/shared';
import { useHydrated } from '../lib/use-hydrated.ts';
import { useLocation, useNavigate } from 'react-router';
import { useRootData } from '../lib/root-data.ts';
import { useProfileGate } from '../features/profile/use-profile-gate.ts';
import { useStartupModal } from '../features/profile/use-startup-modal.ts';
import { ModalEntryContext, type ModalEntryContextValue } from '../ui/modal/modal-entry.ts';
import {
  gateModal,
  gateNeedsProfile,
  modalsToOpenOnLoad,
  openModalQuery,
  readOpenModal,
  stripParams,
  toSearch,
  zIndexFor,
} from '../lib/modals/modal-query.fns.ts';
import { MODAL_REGISTRY } from './modal-registry.ts';
import { modalStore, type ModalEntry } from '../lib/modals/modal-store.ts';
import { useModals } from '../lib/modals/use-modals.ts';

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
  // Spec §4 "Startup": unaccepted terms open user-name(-email) once per page load.
  useStartupModal(isAuthenticated);

  const searchParams = new URLSearchParams(location.search);
  const onLoadEntry = location.key === loadLocationKey;
  const plan = onLoadEntry ? modalsToOpenOnLoad(searchParams, authenticatedAtLoad) : undefined;
  const requested = hydrated ? (plan ? plan.open : readOpenModal(searchParams)) : undefined;
  const strippedSearch =
    hydrated && plan?.strip.length ? toSearch(stripParams(searchParams, plan.strip)) : undefined;

  // Spec §6 gate: a modal that needs a complete profile opens sign-in or the profile modal
  // instead (with backTo), and nothing while the profile is loading.
  const requestedKey = requested ? KEYED_MODALS[requested] : undefined;
  const unkeyed = modals.stack.filter((e) => !e.keyed).map((e) => e.name);
  const profileComplete = useProfileGate(
    isAuthenticated,
    [requestedKey, ...unkeyed].some((target) => target !== undefined && gateNeedsProfile(target)),
  );
  const gateState = { loggedIn: isAuthenticated, profileComplete };
  const keyedGate = requestedKey ? gateModal(requestedKey, gateState) : undefined;
  const keyedName = keyedGate === requestedKey ? requested : undefined;
  const unkeyedBlocked = unkeyed.find((name) => gateModal(name, gateState) !== name);
  const redirectFrom =
    requestedKey && keyedGate && keyedGate !== requestedKey ? requestedKey : unkeyedBlocked;
  const redirectTo = redirectFrom ? gateModal(redirectFrom, gateState) : undefined;
  const redirectSearch =
    redirectFrom && redirectTo
      ? toSearch(
          openModalQuery(searchParams, redirectTo as ModalQueryKey, { backTo: redirectFrom }),
        )
      : undefined;

  useEffect(() => {
    if (strippedSearch === undefined) return;
    void navigate(
      { pathname: location.pathname, search: strippedSearch, hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [strippedSearch, location.pathname, location.hash, navigate]);

  useEffect(() => {
    if (redirectSearch === undefined) return;
    if (unkeyedBlocked && redirectFrom === unkeyedBlocked) modalStore.closeUnkeyed(unkeyedBlocked);
    void navigate(
      { pathname: location.pathname, search: redirectSearch, hash: location.hash },
      { replace: true, state: location.state as unknown, preventScrollReset: true },
    );
  }, [
    redirectSearch,
    redirectFrom,
    unkeyedBlocked,
    location.pathname,
    location.hash,
    location.state,
    navigate,
  ]);

  useEffect(() => {
    modalStore.syncKeyed(keyedName);
  }, [keyedName]);

  // The store catches up with the URL in an effect; until then a stale keyed entry is hidden,
  // and so is an unkeyed one the gate is turning away.
  const visible = modals.stack.filter((entry) =>
    entry.keyed ? entry.name === keyedName : entry.name !== unkeyedBlocked,
  );

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
