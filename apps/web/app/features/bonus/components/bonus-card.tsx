import type { PlayerBonus } from '@coinfall/shared/contracts/bonus';
import { BonusStatus } from '@coinfall/shared/bonus-constants';
import { formatMessage } from '../../../i18n/i18n.tsx';
import type { BonusTexts } from '../../../i18n/messages/bonus.ts';
import { buttonClass } from '../../../ui/button.ts';
import { WageringProgress } from './wagering-progress';

export interface BonusCardProps {
  bonus: PlayerBonus;
  name: string;
  /** "3 h 4 min" to the bonus's deadline, or null when it has none or it passed. */
  left: string | null;
  format: (amount: number, currency: string) => string;
  date: (iso: string) => string;
  busy: boolean;
  onActivate: () => void;
  onCancel: () => void;
  t: BonusTexts;
}

/** One player bonus: what it is worth, its play-through, its time left and what can be done. */
export function BonusCard({
  bonus,
  name,
  left,
  format,
  date,
  busy,
  onActivate,
  onCancel,
  t,
}: BonusCardProps) {
  const money = (amount: number) => format(amount, bonus.currency);
  const open = bonus.status !== BonusStatus.Finished;
  // One reward line per currency: a code giving GC and SC makes two bonuses of one name.
  const label = `${name} (${money(bonus.amount)})`;
  return (
    <article
      aria-labelledby={`bonus-${bonus.id}-name`}
      data-testid="player-bonus"
      data-status={bonus.status}
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2/40 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h4 id={`bonus-${bonus.id}-name`} className="font-semibold text-text">
            {name}
          </h4>
          <p className="text-sm text-text-muted tabular-nums">
            {formatMessage(t.amount, { amount: money(bonus.amount) })}
            {bonus.status === BonusStatus.Active ? (
              <> · {formatMessage(t.balance, { amount: money(bonus.balance) })}</>
            ) : null}
          </p>
        </div>
        {open ? (
          <p className="text-sm text-text-muted">
            {left === null
              ? t.expired
              : formatMessage(
                  bonus.status === BonusStatus.Issued ? t.activateWithin : t.expiresIn,
                  { time: left },
                )}
          </p>
        ) : (
          <p className="text-sm">
            <span className="font-semibold text-text">
              {bonus.result === null ? '' : t[`result_${bonus.result}`]}
            </span>
            {bonus.finishedAt ? (
              <span className="text-text-muted">
                {' · '}
                {formatMessage(t.finishedOn, { date: date(bonus.finishedAt) })}
              </span>
            ) : null}
          </p>
        )}
      </div>
      {bonus.status === BonusStatus.Finished ? null : (
        <WageringProgress
          name={label}
          wagered={bonus.wagered}
          required={bonus.wageringRequired}
          format={money}
          t={t}
        />
      )}
      {open && bonus.maxBet !== null ? (
        <p className="text-xs text-text-muted">
          {formatMessage(t.maxBet, { amount: money(bonus.maxBet) })}
        </p>
      ) : null}
      {open ? (
        <div className="flex flex-wrap gap-2">
          {bonus.status === BonusStatus.Issued ? (
            <button
              type="button"
              className={buttonClass('primary', 'sm')}
              disabled={busy}
              aria-label={formatMessage(t.activateLabel, { name: label })}
              onClick={onActivate}
            >
              {t.activate}
            </button>
          ) : null}
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            disabled={busy}
            aria-label={formatMessage(t.cancelLabel, { name: label })}
            onClick={onCancel}
          >
            {t.cancel}
          </button>
        </div>
      ) : null}
    </article>
  );
}
