import { useState } from 'react';
import { pocketColor, type RouletteView } from '@coinfall/shared/games/originals/roulette';
import { buttonClass } from '../../../../ui/button';
import { BetSelector } from '../../common/bet-selector';
import { GameLayout } from '../../common/game-layout';
import { RoundResult } from '../../common/round-result';
import { ignoreFailure, useOneShotRound } from '../../common/use-one-shot-round';
import { formatCoinAmount, formatCoins } from '../../display.fns';
import type { GameUiProps } from '../../game-ui';
import { useGameText, type GameTextKey } from '../../use-game-text';
import {
  addChip,
  roulettePlay,
  spotKey,
  wheelRotationFor,
  type RouletteChips,
  type RouletteSpot,
} from './roulette.fns';
import { RouletteWheel } from './roulette-wheel';

const SPIN_MS = 1800;
const NUMBER_BG = { red: 'bg-[#c8323c]', black: 'bg-[#1b1b22]', green: 'bg-[#1f8a4c]' } as const;
const OUTSIDE: { spot: RouletteSpot; key: GameTextKey }[] = [
  { spot: { type: 'low' }, key: 'roulette.low' },
  { spot: { type: 'even' }, key: 'roulette.even' },
  { spot: { type: 'red' }, key: 'roulette.red' },
  { spot: { type: 'black' }, key: 'roulette.black' },
  { spot: { type: 'odd' }, key: 'roulette.odd' },
  { spot: { type: 'high' }, key: 'roulette.high' },
];

function SpotButton({
  label,
  placed,
  won,
  disabled,
  onPlace,
  className,
  children,
}: {
  label: string;
  placed: string | null;
  won: boolean;
  disabled: boolean;
  onPlace: () => void;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onPlace}
      aria-label={label}
      className={`relative flex min-h-9 items-center justify-center rounded-md text-sm font-bold text-white ${className} ${won ? 'ring-2 ring-accent' : ''}`}
    >
      {children}
      {placed ? (
        <span className="absolute -top-1.5 -right-1.5 rounded-full border-2 border-dashed border-white bg-primary px-1 text-[10px] leading-4 text-on-primary">
          {placed}
        </span>
      ) : null}
    </button>
  );
}

/** European roulette: chips on the table, the sum of the chips is the round's bet. */
export default function RouletteGame(props: GameUiProps) {
  const { session } = props;
  const { t, locale } = useGameText();
  const game = useOneShotRound(props, SPIN_MS);
  const [chip, setChip] = useState(session.betLevels[0] ?? session.defaultBet);
  const [chips, setChips] = useState<RouletteChips>({});
  const [rotation, setRotation] = useState(0);
  const { bets, stake } = roulettePlay(chips);
  const stakeAllowed = session.betLevels.includes(stake);
  const shown = (game.settled?.view as RouletteView | undefined) ?? null;

  const spotName = (spot: RouletteSpot): string => {
    if (spot.type === 'straight') return t('roulette.straight', { n: spot.value });
    if (spot.type === 'dozen') return t('roulette.dozen', { n: spot.value });
    if (spot.type === 'column') return t('roulette.column', { n: spot.value });
    return t(`roulette.${spot.type}`);
  };

  const spotProps = (spot: RouletteSpot) => {
    const placed = chips[spotKey(spot)]?.amount;
    return {
      disabled: game.busy,
      onPlace: () => setChips((c) => addChip(c, spot, chip)),
      placed: placed ? formatCoinAmount(placed, locale) : null,
      won: shown?.bets.some((b) => spotKey(b) === spotKey(spot) && b.payout > 0) ?? false,
      label: placed
        ? t('rouletteSpot', {
            spot: spotName(spot),
            amount: formatCoins(placed, session.currency, locale),
          })
        : t('roulettePlace', { spot: spotName(spot) }),
    };
  };

  const spin = () => ignoreFailure(game.play({ bets }, stake));

  // The wheel turns as soon as the pocket is known; the result is announced when it stops.
  const drawnPocket = (game.drawn?.view as RouletteView | undefined)?.pocket;
  const [turnedFor, setTurnedFor] = useState<string | null>(null);
  if (game.drawn && drawnPocket !== undefined && turnedFor !== game.drawn.id) {
    setTurnedFor(game.drawn.id);
    setRotation((r) => wheelRotationFor(drawnPocket, r));
  }

  return (
    <GameLayout
      stage={
        <div className="flex flex-col gap-3">
          <RouletteWheel rotation={rotation} spinMs={SPIN_MS} />
          <div className="mx-auto flex w-full max-w-sm flex-col gap-1" data-testid="roulette-table">
            <SpotButton {...spotProps({ type: 'straight', value: 0 })} className={NUMBER_BG.green}>
              0
            </SpotButton>
            <div className="grid grid-cols-3 gap-1">
              {Array.from({ length: 36 }, (_, i) => i + 1).map((n) => (
                <SpotButton
                  key={n}
                  {...spotProps({ type: 'straight', value: n })}
                  className={NUMBER_BG[pocketColor(n)]}
                >
                  {n}
                </SpotButton>
              ))}
              {[1, 2, 3].map((c) => (
                <SpotButton
                  key={`c${c}`}
                  {...spotProps({ type: 'column', value: c })}
                  className="bg-surface-2"
                >
                  2:1
                </SpotButton>
              ))}
              {[1, 2, 3].map((d) => (
                <SpotButton
                  key={`d${d}`}
                  {...spotProps({ type: 'dozen', value: d })}
                  className="bg-surface-2"
                >
                  {`${d * 12 - 11}–${d * 12}`}
                </SpotButton>
              ))}
            </div>
            <div className="grid grid-cols-3 gap-1 sm:grid-cols-6">
              {OUTSIDE.map(({ spot, key }) => (
                <SpotButton
                  key={key}
                  {...spotProps(spot)}
                  className={
                    spot.type === 'red'
                      ? NUMBER_BG.red
                      : spot.type === 'black'
                        ? NUMBER_BG.black
                        : 'bg-surface-2'
                  }
                >
                  {t(key)}
                </SpotButton>
              ))}
            </div>
          </div>
          <RoundResult
            round={game.settled}
            currency={session.currency}
            detail={
              shown
                ? t('rouletteResult', { pocket: shown.pocket, color: t(`roulette.${shown.color}`) })
                : undefined
            }
          />
        </div>
      }
      controls={
        <>
          <BetSelector
            levels={session.betLevels}
            value={chip}
            onChange={setChip}
            currency={session.currency}
            disabled={game.busy}
            label={t('rouletteChip')}
          />
          <p className="text-sm text-text">
            {t('rouletteTotal')}:{' '}
            <strong data-testid="roulette-stake">
              {formatCoins(stake, session.currency, locale)}
            </strong>
          </p>
          {stake > 0 && !stakeAllowed ? (
            <p className="text-xs text-danger">
              {t('rouletteStakeHint', {
                levels: session.betLevels
                  .map((l) => formatCoins(l, session.currency, locale))
                  .join(', '),
              })}
            </p>
          ) : null}
          <button
            type="button"
            className={buttonClass('ghost', 'sm')}
            disabled={game.busy || stake === 0}
            onClick={() => setChips({})}
          >
            {t('rouletteClear')}
          </button>
          <button
            type="button"
            className={buttonClass('primary', 'lg')}
            disabled={game.busy || !stakeAllowed}
            onClick={spin}
          >
            {game.busy ? t('playing') : t('rouletteSpin')}
          </button>
        </>
      }
    />
  );
}
