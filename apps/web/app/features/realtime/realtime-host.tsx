import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { useMessages } from '../../i18n/i18n.tsx';
import { realtimeMessages } from '../../i18n/messages/realtime.ts';
import { useRootData } from '../../lib/root-data.ts';
import { readToken } from '../../lib/session/session.ts';
import { readSupportPass } from '../../lib/session/support-pass.ts';
import { OPEN_SUPPORT_CHAT_EVENT } from '../../ui/support-chat.ts';
import { SupportEntry } from '../support/support-entry.tsx';
import { setRealtimePlayer } from './realtime-client.ts';
import { playerIdOfToken } from './realtime-messages.fns.ts';
import { useRealtimeState } from './realtime-store.ts';

// Only players have channels of their own: a guest never downloads the query cache for them.
const PlayerPushes = lazy(() =>
  import('./player-pushes.tsx').then((m) => ({ default: m.PlayerPushes })),
);

const LiveBoards = lazy(() =>
  import('../live-boards/live-boards.tsx').then((m) => ({ default: m.LiveBoards })),
);

/** Where a page wants the live boards: an empty element it renders (home, /games lobby). */
const LIVE_BOARDS_SLOT = '[data-live-boards]';

/**
 * Renders the live boards into the slot of the current page. The boards come with this host,
 * after hydration, so a page's first load carries only its empty slot (the home page's JS
 * budget); the slot is looked up again after each navigation.
 */
function LiveBoardsPortal() {
  const { pathname } = useLocation();
  const [slot, setSlot] = useState<Element | null>(null);
  useEffect(() => {
    // The slot is the page's DOM, readable only once the navigation has committed.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSlot(document.querySelector(LIVE_BOARDS_SLOT));
  }, [pathname]);
  if (!slot?.isConnected) return null;
  return createPortal(
    <Suspense fallback={null}>
      <LiveBoards />
    </Suspense>,
    slot,
  );
}

/**
 * The connection state as a small dot in a corner: a label for assistive technology, but no
 * live region, as reconnects would otherwise be announced over and over.
 */
function RealtimeStatus() {
  const t = useMessages(realtimeMessages);
  const { connection, subscriptions } = useRealtimeState();
  const label =
    connection === 'connected'
      ? t.statusConnected
      : connection === 'connecting'
        ? t.statusConnecting
        : t.statusDisconnected;
  const color =
    connection === 'connected'
      ? 'bg-success'
      : connection === 'connecting'
        ? 'bg-accent'
        : 'bg-text-muted';
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="realtime-status"
      data-state={connection}
      data-subscribed={Object.keys(subscriptions)
        .filter((channel) => subscriptions[channel] === 'subscribed')
        .join(' ')}
      className="pointer-events-none fixed bottom-2 left-2 z-40 flex size-3 items-center justify-center"
    >
      <span className={`size-2 rounded-full ${color} opacity-70`} />
    </span>
  );
}

/**
 * Starts the site's realtime connection after hydration and keeps it on the current session:
 * a login reconnects with the player's token and subscribes the player's channels, a logout
 * unsubscribes them (PlayerPushes unmounts first, its cleanup runs before this effect) and
 * reconnects as a guest.
 */
export function RealtimeHost() {
  const { isAuthenticated } = useRootData();
  const playerId = isAuthenticated ? playerIdOfToken(readToken()) : undefined;
  // A blocked or excluded player's refused login leaves a support pass (issue 18): the chat's
  // button asks for it again, since the refusal may come after this host rendered.
  const [, setPassCheck] = useState(0);
  useEffect(() => {
    const recheck = () => setPassCheck((n) => n + 1);
    window.addEventListener(OPEN_SUPPORT_CHAT_EVENT, recheck);
    return () => window.removeEventListener(OPEN_SUPPORT_CHAT_EVENT, recheck);
  }, []);
  const pass = playerId ? undefined : readSupportPass()?.token;
  const passPlayer = playerIdOfToken(pass);
  useEffect(() => {
    setRealtimePlayer(playerId, pass);
  }, [playerId, pass]);
  return (
    <>
      <RealtimeStatus />
      <LiveBoardsPortal />
      {playerId ? (
        <Suspense fallback={null}>
          <PlayerPushes key={playerId} playerId={playerId} />
        </Suspense>
      ) : null}
      <SupportEntry playerId={playerId ?? passPlayer} signedIn={playerId !== undefined} />
    </>
  );
}
