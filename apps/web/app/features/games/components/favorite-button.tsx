import { Link, useLocation } from 'react-router';
import type { Game } from '@coinfall/shared/contracts/game';
import { formatMessage } from '../../../i18n/i18n';
import type { GamesTexts } from '../../../i18n/messages/games';
import { MODAL_PARAM } from '../../../lib/modals/modal-link';
import { Icon } from '../../../ui/icon';

const CLASS =
  'grid size-9 place-items-center rounded-full bg-black/55 text-white backdrop-blur transition-colors hover:bg-black/75 aria-pressed:text-danger';

/** The heart on a tile: a toggle for players; for guests a link to the sign-in modal. */
export function FavoriteButton({
  game,
  isFavorite,
  isPlayer,
  pending,
  onToggle,
  t,
}: {
  game: Pick<Game, 'id' | 'name'>;
  isFavorite: boolean;
  isPlayer: boolean;
  pending?: boolean;
  onToggle: (favorite: boolean) => void;
  t: GamesTexts;
}) {
  const { pathname, search } = useLocation();
  const label = formatMessage(isFavorite ? t.favoriteRemove : t.favoriteAdd, { name: game.name });
  if (!isPlayer) {
    const params = new URLSearchParams(search);
    params.set(MODAL_PARAM, 'sign-in');
    params.set('backTo', `${pathname}${search}`);
    return (
      <Link to={{ pathname, search: `?${params.toString()}` }} aria-label={label} className={CLASS}>
        <Icon name="heart" className="size-5" />
      </Link>
    );
  }
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={isFavorite}
      disabled={pending}
      onClick={() => onToggle(!isFavorite)}
      className={CLASS}
    >
      <Icon name="heart" className={`size-5 ${isFavorite ? 'fill-current' : ''}`} />
    </button>
  );
}
