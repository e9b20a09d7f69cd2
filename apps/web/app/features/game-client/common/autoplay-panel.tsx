import { useId, useState } from 'react';
import { buttonClass } from '../../../ui/button';
import {
  AUTOPLAY_MAX_ROUNDS,
  AUTOPLAY_ROUND_CHOICES,
  roundsLeft,
  type AutoplaySettings,
  type AutoplayState,
} from '../autoplay.fns';
import { coinsToMinor } from '../display.fns';
import { useGameText } from '../use-game-text';
import { ControlField } from './game-layout';

export interface AutoplayPanelProps {
  autoplay: AutoplayState;
  onStart: (settings: AutoplaySettings) => void;
  onStop: () => void;
  /** Nothing to start with (a round in play, no bet). */
  disabled?: boolean;
}

/** Autoplay's settings and its start/stop button; progress and why it stopped, politely. */
export function AutoplayPanel({ autoplay, onStart, onStop, disabled }: AutoplayPanelProps) {
  const { t } = useGameText();
  const id = useId();
  const [rounds, setRounds] = useState<number>(AUTOPLAY_ROUND_CHOICES[0]);
  const [stopOnWin, setStopOnWin] = useState(false);
  const [stopOnLoss, setStopOnLoss] = useState(false);
  const [stopBelow, setStopBelow] = useState('');
  const running = autoplay.status === 'running';
  const floor = stopBelow.trim() ? coinsToMinor(stopBelow) : null;
  const invalidFloor = stopBelow.trim() !== '' && floor === null;

  const status = running
    ? t('autoProgress', {
        played: autoplay.played + 1,
        rounds: autoplay.settings?.rounds ?? 0,
      })
    : autoplay.stopReason
      ? t(`autoStopped.${autoplay.stopReason}`)
      : '';

  return (
    <details className="rounded-xl border border-border bg-surface-2 p-2" data-testid="autoplay">
      <summary className="cursor-pointer text-sm font-semibold text-text">{t('autoplay')}</summary>
      <div className="mt-2 flex flex-col gap-2">
        <ControlField label={t('autoRounds')}>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={AUTOPLAY_MAX_ROUNDS}
            list={`${id}-rounds`}
            value={rounds}
            disabled={running}
            onChange={(event) => setRounds(Number(event.target.value))}
            className="h-9 rounded-xl border border-border-strong bg-surface px-2 text-sm text-text"
          />
          <datalist id={`${id}-rounds`}>
            {AUTOPLAY_ROUND_CHOICES.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
        </ControlField>
        <label className="flex items-center gap-2 text-sm text-text">
          <input
            type="checkbox"
            checked={stopOnWin}
            disabled={running}
            onChange={(event) => setStopOnWin(event.target.checked)}
          />
          {t('autoStopOnWin')}
        </label>
        <label className="flex items-center gap-2 text-sm text-text">
          <input
            type="checkbox"
            checked={stopOnLoss}
            disabled={running}
            onChange={(event) => setStopOnLoss(event.target.checked)}
          />
          {t('autoStopOnLoss')}
        </label>
        <ControlField label={t('autoStopBelow')}>
          <input
            type="text"
            inputMode="decimal"
            value={stopBelow}
            disabled={running}
            aria-invalid={invalidFloor || undefined}
            onChange={(event) => setStopBelow(event.target.value)}
            className="h-9 rounded-xl border border-border-strong bg-surface px-2 text-sm text-text"
          />
        </ControlField>
        {running ? (
          <button type="button" className={buttonClass('outline', 'md')} onClick={onStop}>
            {t('autoStop')}
          </button>
        ) : (
          <button
            type="button"
            className={buttonClass('accent', 'md')}
            disabled={disabled || invalidFloor || !(rounds >= 1)}
            onClick={() => onStart({ rounds, stopOnWin, stopOnLoss, stopBelowBalance: floor })}
          >
            {t('autoStart')}
          </button>
        )}
        <p
          role="status"
          aria-live="polite"
          className="min-h-5 text-xs text-text-muted"
          data-rounds-left={roundsLeft(autoplay)}
        >
          {status}
        </p>
      </div>
    </details>
  );
}
