import { useState } from 'react';
import { payoutOf } from '@coinfall/shared/games/engine';
import {
  MINES_MAX,
  MINES_MIN,
  MINES_TILES,
  type MinesView,
} from '@coinfall/shared/games/originals/mines';
import { buttonClass } from '../../../../ui/button';
import { BetSelector } from '../../common/bet-selector';
import { GameLayout, NumberSelect } from '../../common/game-layout';
import { LiveMessage, RoundResult } from '../../common/round-result';
import { useStatefulRound } from '../../common/use-stateful-round';
import { formatCoins, formatMultiplier } from '../../display.fns';
import type { GameUiProps } from '../../game-ui';
import { useGameText } from '../../use-game-text';
import { mineTileOf, type MineTile } from './mines.fns';

const MINE_CHOICES = Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, i) => MINES_MIN + i);

/** Our own art: a faceted gem for a safe tile, a round mine with spikes. */
function TileArt({ kind }: { kind: MineTile }) {
  if (kind === 'safe')
    return (
      <svg viewBox="0 0 40 40" className="h-3/5 w-3/5" aria-hidden="true">
        <path d="M8 15 L14 7 H26 L32 15 L20 34 Z" fill="var(--cf-success)" />
        <path
          d="M8 15 H32 M14 7 L20 15 L26 7 M20 15 V34"
          stroke="var(--cf-bg)"
          strokeWidth="1.2"
          fill="none"
        />
      </svg>
    );
  if (kind === 'hit' || kind === 'mine')
    return (
      <svg viewBox="0 0 40 40" className="h-3/5 w-3/5" aria-hidden="true">
        {[0, 45, 90, 135].map((a) => (
          <rect
            key={a}
            x="18.5"
            y="4"
            width="3"
            height="32"
            rx="1.5"
            fill="var(--cf-text)"
            transform={`rotate(${a} 20 20)`}
          />
        ))}
        <circle
          cx="20"
          cy="20"
          r="10"
          fill={kind === 'hit' ? 'var(--cf-danger)' : 'var(--cf-text-muted)'}
        />
        <circle cx="16.5" cy="16.5" r="2.5" fill="var(--cf-text)" opacity="0.6" />
      </svg>
    );
  return null;
}

const TILE_STYLE: Record<MineTile, string> = {
  hidden: 'bg-surface-2 hover:bg-border-strong enabled:cursor-pointer',
  safe: 'bg-success/20 border-success/60',
  hit: 'bg-danger/30 border-danger',
  mine: 'bg-surface opacity-70',
};

/** Mines: a 5×5 board, reveal safe tiles, cash out before a mine. */
export default function MinesGame(props: GameUiProps) {
  const { session } = props;
  const { t, locale } = useGameText();
  const game = useStatefulRound(props);
  const view = (game.round?.view as MinesView | undefined) ?? null;
  const [mines, setMines] = useState(view?.mineCount ?? 3);
  const cashOut =
    view?.multiplierE4 && game.round ? payoutOf(game.round.bet, view.multiplierE4) : null;

  const news = !view
    ? ''
    : view.hitMine !== null
      ? t('minesHit')
      : game.open && view.multiplierE4
        ? t('minesRevealedSafe', { multiplier: formatMultiplier(view.multiplierE4, locale) })
        : game.open
          ? t('minesPickTile')
          : '';

  return (
    <GameLayout
      stage={
        <div className="flex flex-col gap-3">
          <div
            className="mx-auto grid w-full max-w-md grid-cols-5 gap-1.5 sm:gap-2"
            data-testid="mines-board"
          >
            {Array.from({ length: MINES_TILES }, (_, tile) => {
              const kind = mineTileOf(view, tile);
              const label =
                kind === 'safe'
                  ? t('minesTileSafe', { n: tile + 1 })
                  : kind === 'hit' || kind === 'mine'
                    ? t('minesTileMine', { n: tile + 1 })
                    : t('minesTile', { n: tile + 1 });
              return (
                <button
                  key={tile}
                  type="button"
                  aria-label={label}
                  data-tile={kind}
                  disabled={!game.open || game.busy || kind !== 'hidden'}
                  onClick={() => void game.act({ type: 'reveal', tile })}
                  className={`flex aspect-square items-center justify-center rounded-xl border border-border transition-colors ${TILE_STYLE[kind]}`}
                >
                  <TileArt kind={kind} />
                </button>
              );
            })}
          </div>
          <LiveMessage text={news} />
          <RoundResult round={game.round?.done ? game.round : null} currency={session.currency} />
        </div>
      }
      controls={
        <>
          <BetSelector
            levels={session.betLevels}
            value={game.bet}
            onChange={game.setBet}
            currency={session.currency}
            disabled={game.open || game.busy}
          />
          <NumberSelect
            label={t('minesCount')}
            value={mines}
            choices={MINE_CHOICES}
            onChange={setMines}
            disabled={game.open || game.busy}
          />
          <dl className="grid grid-cols-2 gap-2 text-center text-sm">
            <div className="rounded-xl bg-surface-2 p-2">
              <dt className="text-text-muted">{t('minesCurrent')}</dt>
              <dd className="font-semibold text-text" data-testid="mines-multiplier">
                {view?.multiplierE4 ? formatMultiplier(view.multiplierE4, locale) : '—'}
              </dd>
            </div>
            <div className="rounded-xl bg-surface-2 p-2">
              <dt className="text-text-muted">{t('minesNext')}</dt>
              <dd className="font-semibold text-text">
                {view?.nextMultiplierE4 ? formatMultiplier(view.nextMultiplierE4, locale) : '—'}
              </dd>
            </div>
          </dl>
          {game.open ? (
            <button
              type="button"
              className={buttonClass('accent', 'lg')}
              disabled={game.busy || cashOut === null}
              onClick={() => void game.act({ type: 'cashout' })}
            >
              {t('minesCashOut', {
                amount: cashOut === null ? '' : formatCoins(cashOut, session.currency, locale),
              }).trim()}
            </button>
          ) : (
            <button
              type="button"
              className={buttonClass('primary', 'lg')}
              disabled={game.busy}
              onClick={() => void game.start({ mines })}
            >
              {t('minesStart')}
            </button>
          )}
        </>
      }
    />
  );
}
