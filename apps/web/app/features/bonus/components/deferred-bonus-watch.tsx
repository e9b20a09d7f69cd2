import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useModals } from '../../../lib/modals/use-modals.ts';
import { readDeferredBonusCode } from '../deferred-bonus';

/** Once per page load is enough: a player who closed the modal is not asked on every page. */
let offered = false;

/**
 * Spec §4: a deferred bonus read from local storage shows receive-bonus. Runs for a logged-in
 * player (the header's player controls), when no other modal is open: a code kept through a
 * social sign-in, or one left after the verify-bonus modal was closed.
 */
export function DeferredBonusWatch() {
  const { search } = useLocation();
  const modals = useModals();
  const modalOpen = new URLSearchParams(search).has('modal') || modals.stack.length > 0;
  useEffect(() => {
    if (offered || modalOpen || !readDeferredBonusCode()) return;
    offered = true;
    modals.openKeyed('receive-bonus');
  }, [modalOpen, modals]);
  return null;
}
