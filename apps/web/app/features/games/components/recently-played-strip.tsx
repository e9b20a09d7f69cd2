import { Link } from 'react-router';
import { useLocalizedPath } from '../../../i18n/i18n';
import type { GamesTexts } from '../../../i18n/messages/games';
import { useRecentlyPlayed } from '../api/played';
import { GameTile } from './game-tile';

/** The player's last games above the lobby; nothing at all until they have played one. */
export function RecentlyPlayedStrip({ t }: { t: GamesTexts }) {
  const localize = useLocalizedPath();
  const { data } = useRecentlyPlayed();
  const games = data?.data.slice(0, 6) ?? [];
  if (games.length === 0) return null;
  return (
    <section aria-labelledby="recently-played-strip" className="mb-8">
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <h2 id="recently-played-strip" className="font-display text-lg font-bold">
          {t.recentTitle}
        </h2>
        <Link
          to={localize('/recently-played')}
          className="text-sm font-semibold text-accent hover:underline"
        >
          {t.seeAll}
        </Link>
      </div>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
        {games.map((game) => (
          <li key={game.id}>
            <GameTile game={game} href={localize(`/games/${game.identity}`)} t={t} />
          </li>
        ))}
      </ul>
    </section>
  );
}
