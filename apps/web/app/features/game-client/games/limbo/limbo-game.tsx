import { useState } from 'react';
import {
  LIMBO_MAX_TARGET,
  LIMBO_MIN_TARGET,
  type LimboView,
} from '@coinfall/shared/games/originals/limbo';
import { isLimboTarget, limboChance } from './limbo.fns';
import { buttonClass } from '../../../../ui/button';
import { AutoplayPanel } from '../../common/autoplay-panel';
import { BetSelector } from '../../common/bet-selector';
import { ControlField, GameLayout } from '../../common/game-layout';
import { RoundResult } from '../../common/round-result';
import { useAutoplay } from '../../common/use-autoplay';
import { ignoreFailure, useOneShotRound } from '../../common/use-one-shot-round';
import { formatTimes } from '../../display.fns';
import type { GameUiProps } from '../../game-ui';
import { useGameText } from '../../use-game-text';

const LAUNCH_MS = 700;

/** Our own rocket: a rounded body, a window, fins and a flame that grows with the result. */
function Rocket({ flying, win }: { flying: boolean; win: boolean | null }) {
  return (
    <svg viewBox="0 0 120 120" className="mx-auto h-36 w-36" aria-hidden="true">
      <circle cx="20" cy="20" r="1.5" fill="var(--cf-text-muted)" />
      <circle cx="96" cy="34" r="1" fill="var(--cf-text-muted)" />
      <circle cx="84" cy="98" r="1.2" fill="var(--cf-text-muted)" />
      <g
        style={{
          transform: flying ? 'translateY(-10px) rotate(8deg)' : 'none',
          transformOrigin: '60px 60px',
          transition: `transform ${LAUNCH_MS}ms ease-out`,
        }}
      >
        <path
          d="M60 12 C78 30 80 60 74 84 L46 84 C40 60 42 30 60 12 Z"
          fill="var(--cf-surface-2)"
          stroke="var(--cf-text)"
          strokeWidth="2"
        />
        <circle
          cx="60"
          cy="44"
          r="8"
          fill={win === null ? 'var(--cf-accent)' : win ? 'var(--cf-success)' : 'var(--cf-danger)'}
        />
        <path d="M46 70 L34 92 L48 86 Z" fill="var(--cf-primary)" />
        <path d="M74 70 L86 92 L72 86 Z" fill="var(--cf-primary)" />
        <path d="M50 86 Q60 112 70 86 Z" fill="var(--cf-accent)" opacity={flying ? 1 : 0.4} />
      </g>
    </svg>
  );
}

/** Limbo: a result multiplier against the player's target. */
export default function LimboGame(props: GameUiProps) {
  const { session } = props;
  const { t, locale } = useGameText();
  const game = useOneShotRound(props, LAUNCH_MS);
  const [target, setTarget] = useState(2);
  const valid = isLimboTarget(target);
  const auto = useAutoplay(() => game.play({ targetMultiplier: target }), game.balance);
  const shown = (game.settled?.view as LimboView | undefined) ?? null;
  const locked = game.busy || auto.running;

  return (
    <GameLayout
      stage={
        <div className="flex flex-col gap-4 py-4">
          <Rocket flying={game.busy} win={shown ? shown.win : null} />
          <p
            className={`text-center text-5xl font-black tabular-nums ${
              shown ? (shown.win ? 'text-success' : 'text-danger') : 'text-text'
            }`}
            data-testid="limbo-result"
          >
            {shown ? formatTimes(shown.result, locale) : '×—'}
          </p>
          <p className="text-center text-sm text-text-muted">
            {t('diceChance')}:{' '}
            {valid
              ? `${limboChance(target)
                  .toFixed(4)
                  .replace(/\.?0+$/, '')}%`
              : '—'}
          </p>
          <RoundResult
            round={game.settled}
            currency={session.currency}
            detail={
              shown ? t('limboRolled', { result: formatTimes(shown.result, locale) }) : undefined
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
          <ControlField label={t('limboTarget')}>
            <input
              type="number"
              min={LIMBO_MIN_TARGET}
              max={LIMBO_MAX_TARGET}
              step={0.01}
              value={target}
              disabled={locked}
              aria-invalid={!valid || undefined}
              onChange={(event) => setTarget(Number(event.target.value))}
              className="h-9 rounded-xl border border-border-strong bg-surface-2 px-2 text-sm text-text"
            />
          </ControlField>
          <button
            type="button"
            className={buttonClass('primary', 'lg')}
            disabled={locked || !valid}
            onClick={() => ignoreFailure(game.play({ targetMultiplier: target }))}
          >
            {game.busy ? t('playing') : t('play')}
          </button>
          <AutoplayPanel
            autoplay={auto.autoplay}
            onStart={auto.start}
            onStop={auto.stop}
            disabled={game.busy || !valid}
          />
        </>
      }
    />
  );
}
