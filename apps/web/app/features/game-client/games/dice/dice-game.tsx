import { useState } from 'react';
import type { DiceParams, DiceView } from '@coinfall/shared/games/originals/dice';
import { buttonClass } from '../../../../ui/button';
import { AutoplayPanel } from '../../common/autoplay-panel';
import { BetSelector } from '../../common/bet-selector';
import { ControlField, GameLayout, SegmentedChoice } from '../../common/game-layout';
import { RoundResult } from '../../common/round-result';
import { useAutoplay } from '../../common/use-autoplay';
import { ignoreFailure, useOneShotRound } from '../../common/use-one-shot-round';
import { formatMultiplier } from '../../display.fns';
import type { GameUiProps } from '../../game-ui';
import { useGameText } from '../../use-game-text';
import { diceOdds, diceWinRange } from './dice.fns';

const ROLL_MS = 600;

function DiceTrack({ params, view }: { params: DiceParams; view: DiceView | null }) {
  const [from, to] = diceWinRange(params);
  return (
    // 4 units of room each side: the 0 and 100 ticks are centred on the track's ends.
    <svg viewBox="-4 0 108 24" className="w-full" aria-hidden="true">
      <rect x="0" y="10" width="100" height="4" rx="2" fill="var(--cf-danger)" opacity="0.7" />
      <rect x={from} y="10" width={to - from} height="4" rx="2" fill="var(--cf-success)" />
      {[0, 25, 50, 75, 100].map((tick) => (
        <text
          key={tick}
          x={tick}
          y="23"
          fontSize="3.2"
          textAnchor="middle"
          fill="var(--cf-text-muted)"
        >
          {tick}
        </text>
      ))}
      <line
        x1={params.target}
        x2={params.target}
        y1="6"
        y2="18"
        stroke="var(--cf-text)"
        strokeWidth="0.6"
      />
      {view ? (
        <g
          style={{
            transform: `translateX(${view.roll}px)`,
            transition: `transform ${ROLL_MS}ms ease-out`,
          }}
          className="cf-dice-marker"
        >
          <rect
            x="-4"
            y="0"
            width="8"
            height="8"
            rx="1.6"
            fill={view.win ? 'var(--cf-success)' : 'var(--cf-danger)'}
          />
          <circle cx="-1.6" cy="2.4" r="0.8" fill="var(--cf-bg)" />
          <circle cx="1.6" cy="5.6" r="0.8" fill="var(--cf-bg)" />
          <circle cx="0" cy="4" r="0.8" fill="var(--cf-bg)" />
        </g>
      ) : null}
    </svg>
  );
}

/** Dice: roll 0.00–100.00 over or under a target. */
export default function DiceGame(props: GameUiProps) {
  const { session } = props;
  const { t, locale } = useGameText();
  const game = useOneShotRound(props, ROLL_MS);
  const [target, setTarget] = useState(50.5);
  const [direction, setDirection] = useState<DiceParams['direction']>('over');
  const params: DiceParams = { target, direction };
  const odds = diceOdds(params);
  const auto = useAutoplay(() => game.play(params), game.balance);
  const view = (game.drawn?.view as DiceView | undefined) ?? null;
  const settledView = (game.settled?.view as DiceView | undefined) ?? null;
  const locked = game.busy || auto.running;

  return (
    <GameLayout
      stage={
        <div className="flex flex-col gap-4 py-4">
          <p
            className="text-center text-5xl font-black tabular-nums text-text"
            data-testid="dice-roll"
          >
            {view ? view.roll.toFixed(2) : '—'}
          </p>
          <DiceTrack params={params} view={view} />
          <dl className="grid grid-cols-2 gap-2 text-center text-sm">
            <div className="rounded-xl bg-surface-2 p-2">
              <dt className="text-text-muted">{t('diceChance')}</dt>
              <dd className="font-semibold text-text">
                {odds ? `${odds.chance.toFixed(2)}%` : '—'}
              </dd>
            </div>
            <div className="rounded-xl bg-surface-2 p-2">
              <dt className="text-text-muted">{t('multiplier')}</dt>
              <dd className="font-semibold text-text">
                {odds ? formatMultiplier(odds.multiplierE4, locale) : '—'}
              </dd>
            </div>
          </dl>
          <RoundResult
            round={game.settled}
            currency={session.currency}
            detail={
              settledView ? t('diceRolled', { roll: settledView.roll.toFixed(2) }) : undefined
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
          <ControlField label={t('diceTarget')}>
            <input
              type="range"
              min={2}
              max={98}
              step={0.01}
              value={target}
              disabled={locked}
              onChange={(event) => setTarget(Number(event.target.value))}
              className="accent-[var(--cf-accent)]"
            />
            <input
              type="number"
              min={0.01}
              max={99.99}
              step={0.01}
              value={target}
              disabled={locked}
              aria-invalid={!odds || undefined}
              onChange={(event) => setTarget(Number(event.target.value))}
              className="h-9 rounded-xl border border-border-strong bg-surface-2 px-2 text-sm text-text"
            />
          </ControlField>
          <SegmentedChoice
            label={t('diceDirection')}
            name="dice-direction"
            value={direction}
            onChange={setDirection}
            disabled={locked}
            options={[
              { value: 'under', label: t('diceUnder') },
              { value: 'over', label: t('diceOver') },
            ]}
          />
          <button
            type="button"
            className={buttonClass('primary', 'lg')}
            disabled={locked || !odds}
            onClick={() => ignoreFailure(game.play(params))}
          >
            {game.busy ? t('playing') : t('diceRoll')}
          </button>
          <AutoplayPanel
            autoplay={auto.autoplay}
            onStart={auto.start}
            onStop={auto.stop}
            disabled={game.busy || !odds}
          />
        </>
      }
    />
  );
}
