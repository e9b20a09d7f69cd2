import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { readOpenModal } from '../../lib/modals/modal-query.fns.ts';
import { useModals } from '../../lib/modals/use-modals.ts';
import { startupModal } from './startup-modal.fns.ts';

// Shared with the modal gate's chunk; imported on demand, and only for a logged-in player.
const loadWatch = () => import('./profile-watch.ts');

/** Once per page load (module state lives as long as the document). */
let decided = false;

/**
 * Spec §4 "Startup" for a logged-in player: loads the profile and, the first time it is there,
 * opens user-name or user-name-email if the terms are not accepted and no keyed modal is open.
 * Mounted by ModalHost (loaded after hydration); the profile code loads only when logged in.
 */
export function useStartupModal(loggedIn: boolean): void {
  const modals = useModals();
  const { search } = useLocation();
  // The effect runs once; the decision reads the URL and the modal API of the latest render.
  const latest = useRef({ modals, search });
  useEffect(() => {
    latest.current = { modals, search };
  });

  useEffect(() => {
    if (!loggedIn || decided) return;
    let live = true;
    let stop: (() => void) | undefined;
    void loadWatch().then(({ loadProfileAtStartup, onFirstProfile }) => {
      if (!live) return;
      stop = onFirstProfile((profile) => {
        if (decided) return;
        decided = true;
        const keyedOpen = readOpenModal(new URLSearchParams(latest.current.search)) !== undefined;
        const key = startupModal(profile, keyedOpen);
        if (key) latest.current.modals.openKeyed(key);
      });
      loadProfileAtStartup();
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [loggedIn]);
}
