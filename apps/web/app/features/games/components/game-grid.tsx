import type { Game } from '@coinfall/shared/contracts/game';
import { useLocalizedPath } from '../../../i18n/i18n';
import type { GamesTexts } from '../../../i18n/messages/games';
import { useRootData } from '../../../lib/root-data';
import { useClosedFunnelGuest } from '../../../lib/funnel/use-closed-funnel';
import { useFavoriteIds, useToggleFavorite } from '../api/favorites';
import { FavoriteButton } from './favorite-button';
import { GameTile, GameTileSkeleton, GRID_CLASS } from './game-tile';

/**
 * Tiles with their favourite hearts. The catalog is public; whether a game is a favourite is
 * the player's, so it comes from their favourites list rather than the server-rendered page.
 */
export function GameGrid({
  games,
  t,
  skeletons = 0,
  label,
}: {
  games: readonly Game[];
  t: GamesTexts;
  skeletons?: number;
  label?: string;
}) {
  const { isAuthenticated } = useRootData();
  const localize = useLocalizedPath();
  const favoriteIds = useFavoriteIds(isAuthenticated);
  const toggle = useToggleFavorite();
  // A semi-closed funnel's guest goes from a tile to sign-up, over the game's page (decision 063).
  const closedGuest = useClosedFunnelGuest();
  return (
    <ul className={GRID_CLASS} aria-label={label}>
      {games.map((game) => (
        <li key={game.id}>
          <GameTile
            game={game}
            href={localize(`/games/${game.identity}${closedGuest ? '?modal=sign-up' : ''}`)}
            t={t}
            favorite={
              <FavoriteButton
                game={game}
                isPlayer={isAuthenticated}
                isFavorite={favoriteIds.has(game.id)}
                pending={toggle.isPending && toggle.variables.game.id === game.id}
                onToggle={(favorite) => toggle.mutate({ game, favorite })}
                t={t}
              />
            }
          />
        </li>
      ))}
      {Array.from({ length: skeletons }, (_, i) => (
        <li key={`skeleton-${i}`} aria-hidden="true">
          <GameTileSkeleton />
        </li>
      ))}
    </ul>
  );
}
