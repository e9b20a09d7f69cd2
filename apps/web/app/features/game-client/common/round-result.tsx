import type { GameCurrency } from '@coinfall/shared/contracts/game';
import {
  formatCoins,
  formatMultiplier,
  outcomeOf,
  resultMultiplierE4,
  type Outcome,
} from '../display.fns';
import { useGameText } from '../use-game-text';

const TONE: Record<Outcome, string> = {
  win: 'border-success/60 bg-success/15 text-success',
  loss: 'border-border bg-surface-2 text-text-muted',
  even: 'border-accent/50 bg-accent/10 text-accent',
};

export interface RoundResultProps {
  /** The settled round (bet and payout), or null before the first one. */
  round: { bet: number; payout: number } | null;
  currency: GameCurrency;
  /** What happened in the game's words ("Rolled 42.17."), said before the money. */
  detail?: string;
}

/**
 * The settled round's outcome, announced politely to screen readers: the live region is always
 * in the page (an added region is not read), only its text changes.
 */
export function RoundResult({ round, currency, detail }: RoundResultProps) {
  const { t, locale } = useGameText();
  const outcome = round ? outcomeOf(round) : null;
  const money = !round
    ? ''
    : outcome === 'win'
      ? t('resultWin', {
          amount: formatCoins(round.payout, currency, locale),
          multiplier: formatMultiplier(resultMultiplierE4(round), locale),
        })
      : outcome === 'even'
        ? t('resultEven', { amount: formatCoins(round.payout, currency, locale) })
        : t('resultLoss');
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="round-result"
      data-outcome={outcome ?? undefined}
      className={`min-h-11 rounded-xl border px-3 py-2 text-center text-sm font-semibold ${
        outcome ? TONE[outcome] : 'border-transparent'
      }`}
    >
      {round ? [detail, money].filter(Boolean).join(' ') : ''}
    </p>
  );
}

/** A polite live region for in-round news (a safe tile, a card drawn). */
export function LiveMessage({ text }: { text: string }) {
  return (
    <p role="status" aria-live="polite" className="min-h-5 text-center text-sm text-text-muted">
      {text}
    </p>
  );
}
