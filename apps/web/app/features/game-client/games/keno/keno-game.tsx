import { useState } from 'react';
import {
  KENO_MAX_PICKS,
  KENO_NUMBERS,
  kenoMultipliersE4,
  type KenoView,
} from '@coinfall/shared/games/originals/keno';
import { KENO_RISKS, type KenoRisk } from '@coinfall/shared/games/originals/keno-tables';
import { buttonClass } from '../../../../ui/button';
import { BetSelector } from '../../common/bet-selector';
import { GameLayout, SegmentedChoice } from '../../common/game-layout';
import { RoundResult } from '../../common/round-result';
import { ignoreFailure, useOneShotRound } from '../../common/use-one-shot-round';
import { formatMultiplier } from '../../display.fns';
import type { GameUiProps } from '../../game-ui';
import { useGameText } from '../../use-game-text';
import { kenoCellOf, togglePick, type KenoCell } from './keno.fns';

const DRAW_MS = 500;
const NUMBERS = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);

const CELL_STYLE: Record<KenoCell, string> = {
  idle: 'bg-surface-2 text-text',
  picked: 'bg-primary text-on-primary',
  drawn: 'bg-surface text-text-muted ring-2 ring-accent/60',
  hit: 'bg-success text-bg ring-2 ring-success',
};

/** Keno: pick 1–10 of 40, ten are drawn, paid by hits. */
export default function KenoGame(props: GameUiProps) {
  const { session } = props;
  const { t, locale } = useGameText();
  const game = useOneShotRound(props, DRAW_MS);
  const [picks, setPicks] = useState<number[]>([]);
  const [risk, setRisk] = useState<KenoRisk>('classic');
  const shown = (game.settled?.view as KenoView | undefined) ?? null;
  const view = shown && shown.picks.join() === picks.join() ? shown : null;
  const table = picks.length > 0 ? kenoMultipliersE4(picks.length, risk) : [];

  const randomPick = () => {
    // The player's own choice, never an outcome (the draw is the server's provably fair one).
    const pool = [...NUMBERS];
    const random = crypto.getRandomValues(new Uint32Array(KENO_MAX_PICKS));
    setPicks(Array.from(random, (r) => pool.splice(r % pool.length, 1)[0]!));
  };

  return (
    <GameLayout
      stage={
        <div className="flex flex-col gap-3">
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-text">
              {t('kenoPick')} · {t('kenoPicked', { count: picks.length, max: KENO_MAX_PICKS })}
            </legend>
            <div className="grid grid-cols-8 gap-1" data-testid="keno-board">
              {NUMBERS.map((n) => {
                const cell = kenoCellOf(n, picks, view);
                return (
                  <button
                    key={n}
                    type="button"
                    aria-pressed={picks.includes(n)}
                    aria-label={t('kenoNumber', { n })}
                    data-cell={cell}
                    disabled={game.busy}
                    onClick={() => setPicks((p) => togglePick(p, n, KENO_MAX_PICKS))}
                    className={`aspect-square rounded-lg text-sm font-bold tabular-nums ${CELL_STYLE[cell]}`}
                  >
                    {n}
                  </button>
                );
              })}
            </div>
          </fieldset>
          {table.length > 0 ? (
            <div>
              <p className="mb-1 text-xs font-semibold text-text-muted">{t('kenoPayTable')}</p>
              <ol className="flex flex-wrap gap-1 text-xs">
                {table.map((m, hits) => (
                  <li
                    key={hits}
                    className={`rounded-md px-1.5 py-1 ${view?.hits.length === hits ? 'bg-accent text-on-accent' : 'bg-surface-2 text-text'}`}
                  >
                    {hits}: {formatMultiplier(m, locale)}
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
          <RoundResult
            round={game.settled}
            currency={session.currency}
            detail={shown ? `${t('kenoHits', { hits: shown.hits.length })}.` : undefined}
          />
        </div>
      }
      controls={
        <>
          <BetSelector
            levels={session.betLevels}
            value={game.bet}
            onChange={game.setBet}
            currency={session.currency}
            disabled={game.busy}
          />
          <SegmentedChoice
            label={t('plinkoRisk')}
            name="keno-risk"
            value={risk}
            onChange={setRisk}
            disabled={game.busy}
            options={KENO_RISKS.map((r) => ({ value: r, label: t(`risk.${r}`) }))}
          />
          <div className="flex gap-2">
            <button
              type="button"
              className={buttonClass('outline', 'sm', 'flex-1')}
              onClick={randomPick}
              disabled={game.busy}
            >
              {t('kenoRandom')}
            </button>
            <button
              type="button"
              className={buttonClass('ghost', 'sm', 'flex-1')}
              onClick={() => setPicks([])}
              disabled={game.busy}
            >
              {t('kenoClear')}
            </button>
          </div>
          <button
            type="button"
            className={buttonClass('primary', 'lg')}
            disabled={game.busy || picks.length === 0}
            onClick={() => ignoreFailure(game.play({ picks, risk }))}
          >
            {game.busy ? t('playing') : t('play')}
          </button>
        </>
      }
    />
  );
}
