import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { SUPPORT_CHAT_INIT_DELAY_MS } from '@coinfall/shared/contracts/support';
import { OPEN_SUPPORT_CHAT_EVENT } from '../../ui/support-chat';

// The widget's code is its own chunk, loaded 10 s after mount or when asked for: never part of a
// page's first load (the home page's JS budget).
const SupportWidget = lazy(() => import('./components/support-widget'));

/** Tailwind's `lg`: from here the open panel docks beside the page (support-widget). */
const DOCKED_MEDIA = '(min-width: 64rem)';
const dockable = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(DOCKED_MEDIA).matches;

/**
 * Where the live-support chat lives (issue 18, spec §4 and §6): for a signed-in player only,
 * started 10 s after mount, opened at once by `openSupportChat()` (the Blocked and Excluded
 * pages' button), opened by itself on a login on a non-mobile screen (≥ lg, where it docks
 * beside the page instead of covering it), and gone on logout.
 */
export function SupportEntry({
  playerId,
  signedIn,
}: {
  playerId: string | undefined;
  /** A session's player, not a blocked player's support pass (whose chat opens on request). */
  signedIn: boolean;
}) {
  const [started, setStarted] = useState(false);
  const [open, setOpen] = useState(false);
  // Opened by the login rather than by the player: the focus stays where the player is.
  const [openedOnLogin, setOpenedOnLogin] = useState(false);
  const previousPlayer = useRef(playerId);

  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), SUPPORT_CHAT_INIT_DELAY_MS);
    const onOpen = () => {
      setStarted(true);
      setOpenedOnLogin(false);
      setOpen(true);
    };
    window.addEventListener(OPEN_SUPPORT_CHAT_EVENT, onOpen);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(OPEN_SUPPORT_CHAT_EVENT, onOpen);
    };
  }, []);

  useEffect(() => {
    const before = previousPlayer.current;
    previousPlayer.current = playerId;
    if (before === playerId) return;
    // A logout hides the chat. A login starts it, and on a non-mobile screen opens it: there the
    // panel docks beside the page, which makes room for it, so none of the page's controls is
    // covered (decision 053; the floating panel of decision 040 covered the account menu). On a
    // phone it stays the launcher. A chat opened on request stays open.
    /* eslint-disable react-hooks/set-state-in-effect */
    if (playerId === undefined) {
      setOpen(false);
      return;
    }
    setStarted(true);
    if (before === undefined && signedIn && dockable()) {
      setOpenedOnLogin(true);
      setOpen(true);
    }
    /* eslint-enable react-hooks/set-state-in-effect */
  }, [playerId, signedIn]);

  if (!playerId || !started) return null;
  return (
    <Suspense fallback={null}>
      <SupportWidget
        key={playerId}
        playerId={playerId}
        open={open}
        focusOnOpen={!openedOnLogin}
        onOpenChange={(next) => {
          setOpenedOnLogin(false);
          setOpen(next);
        }}
      />
    </Suspense>
  );
}
