import { formatMessage } from '../../../i18n/i18n.tsx';
import type { BonusTexts } from '../../../i18n/messages/bonus.ts';
import { wageringPercent } from '../bonus.fns';

/**
 * Wagered of required as a bar: a progressbar with its value and a text equivalent
 * (aria-valuetext), shown under it too, so the figure reads the same by eye and by ear.
 */
export function WageringProgress({
  name,
  wagered,
  required,
  format,
  t,
}: {
  name: string;
  wagered: number;
  required: number;
  format: (amount: number) => string;
  t: BonusTexts;
}) {
  if (required <= 0) return <p className="text-sm text-text-muted">{t.noWagering}</p>;
  const percent = wageringPercent(wagered, required);
  const text = formatMessage(t.progressText, {
    wagered: format(Math.min(wagered, required)),
    required: format(required),
    percent,
  });
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={formatMessage(t.progressLabel, { name })}
        aria-valuemin={0}
        aria-valuemax={required}
        aria-valuenow={Math.min(wagered, required)}
        aria-valuetext={text}
        className="h-2.5 overflow-hidden rounded-full bg-surface-2"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
      </div>
      <p aria-hidden className="text-xs text-text-muted tabular-nums">
        {text}
      </p>
    </div>
  );
}
