import type { Game } from '@coinfall/shared/contracts/game';
import { useMessages } from '../../../i18n/i18n';
import { gamesMessages } from '../../../i18n/messages/games';
import { FairnessPanel } from './fairness-panel';
import { GameFrame } from './game-frame';
import { GameInfoPanel } from './game-info-panel';

/** games-id: the game in its frame, and beside it what it is and how its fairness works. */
export function GamePage({ id, game }: { id: string; game: Game | null }) {
  const t = useMessages(gamesMessages);
  const name = game?.name ?? id;
  return (
    <div className="grid flex-1 gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div>
        {/* On a phone the game shows its own name: the frame takes the whole screen. */}
        <h1 className="sr-only font-display text-xl font-bold sm:not-sr-only sm:mb-3 sm:block">
          {name}
        </h1>
        <GameFrame
          key={game ? game.id : id}
          gameId={game ? String(game.id) : id}
          name={name}
          t={t}
        />
      </div>
      <div className="flex flex-col gap-4">
        {game ? <GameInfoPanel game={game} t={t} /> : null}
        <FairnessPanel t={t} />
      </div>
    </div>
  );
}
