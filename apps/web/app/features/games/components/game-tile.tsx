import { Link } from 'react-router';
import type { Game } from '@coinfall/shared/contracts/game';
import { formatMessage } from '../../../i18n/i18n';
import type { GamesTexts } from '../../../i18n/messages/games';
import { tileThemeOf } from '../tile-art.fns';
import { GameArt } from './game-art';

type TileGame = Pick<Game, 'identity' | 'name' | 'kind' | 'rtp' | 'isNew'> & {
  provider: Pick<Game['provider'], 'name'>;
};

/**
 * One game in a grid: art, name, provider and RTP, the whole card one link to the game page.
 * `plain` renders an ordinary anchor, for markup rendered on the server outside the router
 * (the home page's sections). The favourite control sits beside the link, never inside it.
 */
export function GameTile({
  game,
  href,
  t,
  plain = false,
  favorite,
}: {
  game: TileGame;
  href: string;
  t: GamesTexts;
  plain?: boolean;
  favorite?: React.ReactNode;
}) {
  const label = formatMessage(t.playLabel, { name: game.name, provider: game.provider.name });
  const body = (
    <>
      <span className="relative block aspect-[4/3] overflow-hidden">
        <GameArt
          theme={tileThemeOf(game.identity, game.kind)}
          className="size-full transition-transform duration-300 group-hover:scale-105"
        />
        {game.isNew ? (
          <span className="absolute top-2 left-2 rounded-md bg-accent px-1.5 py-0.5 text-[11px] font-bold text-on-accent uppercase">
            {t.newBadge}
          </span>
        ) : null}
      </span>
      <span className="flex flex-col gap-0.5 px-3 pt-2 pb-3">
        <span className="truncate font-semibold text-text">{game.name}</span>
        <span className="flex items-center justify-between gap-2 text-xs text-text-muted">
          <span className="truncate">{game.provider.name}</span>
          <span className="shrink-0 rounded bg-surface-2 px-1.5 py-0.5 font-mono text-[11px]">
            {formatMessage(t.rtpBadge, { rtp: game.rtp })}
          </span>
        </span>
      </span>
    </>
  );
  const linkClass =
    'group block overflow-hidden rounded-2xl border border-border bg-surface transition-colors hover:border-accent focus-visible:border-accent';
  return (
    <div className="relative" data-game={game.identity}>
      {plain ? (
        <a href={href} aria-label={label} className={linkClass}>
          {body}
        </a>
      ) : (
        <Link to={href} aria-label={label} className={linkClass}>
          {body}
        </Link>
      )}
      {favorite ? <div className="absolute top-2 right-2">{favorite}</div> : null}
    </div>
  );
}

/** A grid cell that holds the place of a tile while games load. */
export function GameTileSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-2xl border border-border bg-surface">
      <div className="aspect-[4/3] animate-pulse bg-surface-2" />
      <div className="space-y-2 px-3 pt-2 pb-3">
        <div className="h-4 w-3/4 animate-pulse rounded bg-surface-2" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-surface-2" />
      </div>
    </div>
  );
}

export const GRID_CLASS = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6';
