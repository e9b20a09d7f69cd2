import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PlayGameAnswer } from '@coinfall/shared/contracts/game';
import { formatMessage, useLocale, useLocalizedPath } from '../../../i18n/i18n';
import type { GamesTexts } from '../../../i18n/messages/games';
import { useModalHref } from '../../../lib/modals/modal-link';
import { buttonClass } from '../../../ui/button';
import { Icon } from '../../../ui/icon';
import { currentDevice, routeFailure } from '../../../lib/session/session';
import { playFailureOf, playGame, type PlayFailure } from '../api/play';

type FrameState =
  | { kind: 'starting' }
  | { kind: 'ready'; launch: PlayGameAnswer }
  | { kind: 'failed'; failure: PlayFailure };

/**
 * The game: POST play when the page opens, then the launch URL in an iframe (the game client
 * route, which talks to the game server with the session token in the URL fragment).
 */
export function GameFrame({ gameId, name, t }: { gameId: string; name: string; t: GamesTexts }) {
  const locale = useLocale();
  const [state, setState] = useState<FrameState>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  const [fullscreen, setFullscreen] = useState(false);

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
      <div
        ref={container}
        className="relative aspect-[4/3] max-h-[calc(100dvh-10rem)] w-full overflow-hidden rounded-2xl border border-border bg-black sm:aspect-video [&:fullscreen]:max-h-none [&:fullscreen]:rounded-none"
      >
        {state.kind === 'ready' ? (
          <iframe
            src={state.launch.launchUrl}
            title={formatMessage(t.frameTitle, { name })}
            allow="fullscreen; autoplay"
            className="absolute inset-0 size-full border-0"
          />
        ) : state.kind === 'starting' ? (
          <p role="status" className="absolute inset-0 grid place-items-center text-text-muted">
            {t.starting}
          </p>
        ) : (
          <PlayFailed
            failure={state.failure}
            t={t}
            onRetry={() => {
              setState({ kind: 'starting' });
              setAttempt((n) => n + 1);
            }}
          />
        )}
      </div>
      {state.kind === 'ready' ? (
        <div className="flex justify-end">
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
