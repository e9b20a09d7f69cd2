import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PlayGameAnswer } from '@coinfall/shared/contracts/game';
import { formatMessage, useLocale, useLocalizedPath } from '../../../i18n/i18n';
import type { GamesTexts } from '../../../i18n/messages/games';
import { useModalHref } from '../../../lib/modals/modal-link';
import { buttonClass } from '../../../ui/button';
import { Icon } from '../../../ui/icon';
import { currentDevice, routeFailure } from '../../../lib/session/session';
import { playFailureOf, playGame, type PlayFailure } from '../api/play';
import { useGameFrameMessages } from './use-game-frame-messages';
import { useFollowActiveCurrency } from './use-follow-active-currency';

type FrameState =
  | { kind: 'starting' }
  | { kind: 'ready'; launch: PlayGameAnswer }
  | { kind: 'failed'; failure: PlayFailure };

/**
 * The frame's box: on a phone edge to edge and the whole screen under the sticky header (the
 * page's padding undone), so the game's board and its action button show together; from `sm` the
 * viewport's height under the header and the title, never below a playable minimum. The game
 * client inside lays itself out to the box (decision 032).
 */
const FRAME_BOX =
  'relative -mx-3 h-[calc(100dvh-4rem-1px-1rem)] min-h-[32rem] overflow-hidden bg-black ' +
  'sm:mx-0 sm:h-[calc(100dvh-4rem-1px-6.5rem)] sm:min-h-[30rem] sm:rounded-2xl sm:border sm:border-border ' +
  '[&:fullscreen]:h-dvh [&:fullscreen]:rounded-none';

/**
 * The game: POST play when the page opens (and again when the player switches the active
 * account, so the game plays in the currency the header shows), then the launch URL in an
 * iframe (the game client route, which talks to the game server with the session token in the
 * URL fragment), in the page's locale.
 */
export function GameFrame({ gameId, name, t }: { gameId: string; name: string; t: GamesTexts }) {
  const locale = useLocale();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const modalHref = useModalHref();
  const [state, setState] = useState<FrameState>({ kind: 'starting' });
  const [loaded, setLoaded] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const relaunch = () => {
    setState({ kind: 'starting' });
    setLoaded(false);
    setAttempt((n) => n + 1);
  };

  useEffect(() => {
    let live = true;
    playGame(gameId, {
      device: currentDevice().type === 'mobile' ? 'mobile' : 'desktop',
      locale,
    }).then(
      (launch) => live && setState({ kind: 'ready', launch }),
      (error: unknown) => {
        if (!live) return;
        const failure = playFailureOf(error);
        if (failure === 'blocked') routeFailure('blocked');
        setState({ kind: 'failed', failure });
      },
    );
    return () => {
      live = false;
    };
  }, [gameId, locale, attempt]);

  useFollowActiveCurrency(
    state.kind === 'ready' ? { kind: 'ready', currency: state.launch.currency } : state,
    relaunch,
  );
  useGameFrameMessages({ onGetCoins: () => void navigate(modalHref('bundles')) });

  useEffect(() => {
    const sync = () => setFullscreen(document.fullscreenElement === container.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void container.current?.requestFullscreen();
  };

  return (
    <div className="flex flex-col gap-2">
      <div ref={container} className={FRAME_BOX} data-testid="game-frame-box">
        {state.kind === 'ready' ? (
          <iframe
            key={state.launch.gameSessionId}
            src={localize(state.launch.launchUrl)}
            title={formatMessage(t.frameTitle, { name })}
            allow="fullscreen; autoplay"
            onLoad={() => setLoaded(true)}
            className="absolute inset-0 size-full border-0"
          />
        ) : null}
        {state.kind === 'failed' ? (
          <PlayFailed failure={state.failure} t={t} onRetry={relaunch} />
        ) : !loaded ? (
          <div
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black text-text-muted"
            data-testid="game-loader"
          >
            <span
              aria-hidden
              className="size-10 animate-spin rounded-full border-4 border-border-strong border-t-accent"
            />
            {t.starting}
          </div>
        ) : null}
      </div>
      {state.kind === 'ready' ? (
        <div className="hidden justify-end sm:flex">
          <button
            type="button"
            onClick={toggleFullscreen}
            aria-pressed={fullscreen}
            className={buttonClass('ghost', 'sm')}
          >
            <Icon name={fullscreen ? 'collapse' : 'expand'} className="size-4" />
            {fullscreen ? t.fullscreenExit : t.fullscreenEnter}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function PlayFailed({
  failure,
  t,
  onRetry,
}: {
  failure: PlayFailure;
  t: GamesTexts;
  onRetry: () => void;
}) {
  const modalHref = useModalHref();
  const localize = useLocalizedPath();
  const text =
    failure === 'sweepsNotAllowed'
      ? t.playSweepsNotAllowed
      : failure === 'insufficient'
        ? t.playInsufficient
        : failure === 'unavailable' || failure === 'blocked'
          ? t.playUnavailable
          : t.playFailed;
  return (
    <div
      role="alert"
      className="absolute inset-0 flex flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <p className="max-w-md text-text">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {failure === 'sweepsNotAllowed' ? (
          <Link to={localize('/profile/wallet')} className={buttonClass('primary')}>
            {t.switchAccount}
          </Link>
        ) : null}
        {failure === 'insufficient' ? (
          <>
            <Link to={localize('/profile/wallet')} className={buttonClass('primary')}>
              {t.switchAccount}
            </Link>
            <Link to={modalHref('bundles')} className={buttonClass('accent')}>
              {t.getCoins}
            </Link>
          </>
        ) : null}
        {failure === 'failed' ? (
          <button type="button" onClick={onRetry} className={buttonClass('primary')}>
            {t.retry}
          </button>
        ) : null}
        <Link to={localize('/games')} className={buttonClass('outline')}>
          {t.backToLobby}
        </Link>
      </div>
    </div>
  );
}
