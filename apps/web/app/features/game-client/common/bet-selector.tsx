import type { GameCurrency } from '@coinfall/shared/contracts/game';
import { buttonClass } from '../../../ui/button';
import { formatCoins } from '../display.fns';
import { useGameText } from '../use-game-text';

export interface BetSelectorProps {
  levels: readonly number[];
  value: number;
  onChange: (bet: number) => void;
  currency: GameCurrency;
  disabled?: boolean;
  /** Label override (roulette calls it the chip). */
  label?: string;
}

/** One of the session's bet levels: a select plus halve/double steps through the levels. */
export function BetSelector({
  levels,
  value,
  onChange,
  currency,
  disabled,
  label,
}: BetSelectorProps) {
  const { t, locale } = useGameText();
  const index = Math.max(0, levels.indexOf(value));
  const step = (delta: number) => {
    const next = levels[Math.min(levels.length - 1, Math.max(0, index + delta))];
    if (next !== undefined) onChange(next);
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="cf-bet" className="text-xs font-semibold text-text-muted">
        {label ?? t('bet')}
      </label>
      <div className="flex items-stretch gap-1">
        <button
          type="button"
          className={buttonClass('outline', 'sm', 'w-10 px-0')}
          onClick={() => step(-1)}
          disabled={disabled || index === 0}
          aria-label={t('betHalf')}
        >
          ½
        </button>
        <select
          id="cf-bet"
          className="h-9 min-w-0 flex-1 rounded-xl border border-border-strong bg-surface-2 px-2 text-sm font-semibold text-text"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          {levels.map((level) => (
            <option key={level} value={level}>
              {formatCoins(level, currency, locale)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={buttonClass('outline', 'sm', 'w-10 px-0')}
          onClick={() => step(1)}
          disabled={disabled || index === levels.length - 1}
          aria-label={t('betDouble')}
        >
          2×
        </button>
      </div>
    </div>
  );
}
