import { useEffect, useRef, useState } from 'react';
import { plinkoMultipliersE4, type PlinkoView } from '@coinfall/shared/games/originals/plinko';
import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  type PlinkoRisk,
} from '@coinfall/shared/games/originals/plinko-tables';
import { buttonClass } from '../../../../ui/button';
import { AutoplayPanel } from '../../common/autoplay-panel';
import { BetSelector } from '../../common/bet-selector';
import { GameLayout, NumberSelect, SegmentedChoice } from '../../common/game-layout';
import { RoundResult } from '../../common/round-result';
import { useAutoplay } from '../../common/use-autoplay';
import { ignoreFailure, useOneShotRound } from '../../common/use-one-shot-round';
import { formatMultiplier } from '../../display.fns';
import type { GameUiProps } from '../../game-ui';
import { useGameText } from '../../use-game-text';
import {
  ballPoints,
  boardHeight,
  pegSpacing,
  pegsOf,
  PLINKO_WIDTH,
  slotCenter,
  slotTone,
} from './plinko.fns';

const DROP_MS = 1200;
const ROW_CHOICES = Array.from(
  { length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 },
  (_, i) => PLINKO_MIN_ROWS + i,
);

function Ball({ view }: { view: PlinkoView }) {
  const ref = useRef<SVGCircleElement>(null);
  useEffect(() => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const frames = ballPoints(view.path).map((p) => ({
      transform: `translate(${p.x}px, ${p.y}px)`,
    }));
    ref.current?.animate(frames, {
      duration: reduce ? 0 : DROP_MS,
      easing: 'linear',
      fill: 'forwards',
    });
  }, [view]);
  const end = ballPoints(view.path).at(-1)!;
  return (
    <circle
      ref={ref}
      r={pegSpacing(view.rows) * 0.22}
      cx={0}
      cy={0}
      style={{ transform: `translate(${end.x}px, ${end.y}px)` }}
      fill="var(--cf-accent)"
      stroke="var(--cf-on-accent)"
      strokeWidth="1"
    />
  );
}

function Board({
  rows,
  risk,
  view,
  roundId,
  landed,
}: {
  rows: number;
  risk: PlinkoRisk;
  view: PlinkoView | null;
  roundId: string | null;
  landed: boolean;
}) {
  const { t, locale } = useGameText();
  const s = pegSpacing(rows);
  const multipliers = plinkoMultipliersE4(rows, risk);
  return (
    <svg
      viewBox={`0 0 ${PLINKO_WIDTH} ${boardHeight(rows)}`}
      className="w-full"
      role="img"
      aria-label={t('plinkoBoard', { rows })}
    >
      {pegsOf(rows).map((peg) => (
        <circle
          key={`${peg.x}-${peg.y}`}
          cx={peg.x}
          cy={peg.y}
          r={s * 0.09}
          fill="var(--cf-text-muted)"
        />
      ))}
      {multipliers.map((multiplierE4, slot) => {
        const c = slotCenter(rows, slot);
        const hit = landed && view?.slot === slot;
        return (
          <g key={slot}>
            <rect
              x={c.x - s * 0.46}
              y={c.y - s * 0.1}
              width={s * 0.92}
              height={s * 0.8}
              rx={s * 0.12}
              fill={slotTone(multiplierE4)}
              stroke={hit ? 'var(--cf-text)' : 'none'}
              strokeWidth={hit ? 2 : 0}
              style={{ transform: hit ? 'translateY(3px)' : undefined }}
            />
            <text
              x={c.x}
              y={c.y + s * 0.42}
              fontSize={Math.min(s * 0.3, 12)}
              textAnchor="middle"
              fill="var(--cf-text)"
              fontWeight="700"
            >
              {formatMultiplier(multiplierE4, locale)
                .replace(/\.?0+$/, '')
                .slice(1)}
            </text>
          </g>
        );
      })}
      {view && view.rows === rows ? <Ball key={roundId} view={view} /> : null}
    </svg>
  );
}

/** Plinko: 8–16 rows, three risks, the ball's path drawn from the round's view. */
export default function PlinkoGame(props: GameUiProps) {
  const { session } = props;
  const { t, locale } = useGameText();
  const game = useOneShotRound(props, DROP_MS);
  const [rows, setRows] = useState(16);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const auto = useAutoplay(() => game.play({ rows, risk }), game.balance);
  const drawn = (game.drawn?.view as PlinkoView | undefined) ?? null;
  const shown = (game.settled?.view as PlinkoView | undefined) ?? null;
  const locked = game.busy || auto.running;

  return (
    <GameLayout
      stage={
        <div className="flex flex-col gap-3">
          <Board
            rows={rows}
            risk={risk}
            view={drawn}
            roundId={game.drawn?.id ?? null}
            landed={shown !== null}
          />
          <RoundResult
            round={game.settled}
            currency={session.currency}
            detail={
              shown
                ? t('plinkoLanded', { multiplier: formatMultiplier(shown.multiplierE4, locale) })
                : undefined
            }
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
            disabled={locked}
          />
          <NumberSelect
            label={t('plinkoRows')}
            value={rows}
            choices={ROW_CHOICES}
            onChange={setRows}
            disabled={locked}
          />
          <SegmentedChoice
            label={t('plinkoRisk')}
            name="plinko-risk"
            value={risk}
            onChange={setRisk}
            disabled={locked}
            options={PLINKO_RISKS.map((r) => ({ value: r, label: t(`risk.${r}`) }))}
          />
          <button
            type="button"
            className={buttonClass('primary', 'lg')}
            disabled={locked}
            onClick={() => ignoreFailure(game.play({ rows, risk }))}
          >
            {game.busy ? t('playing') : t('play')}
          </button>
          <AutoplayPanel
            autoplay={auto.autoplay}
            onStart={auto.start}
            onStop={auto.stop}
            disabled={game.busy}
          />
        </>
      }
    />
  );
}
