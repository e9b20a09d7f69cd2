import { useId } from 'react';
import type { Redeemable, SweepsCredit } from '@coinfall/shared/contracts/redemption';
import { formatMessage, useLocale } from '../../../i18n/i18n.tsx';
import type { RedeemTexts } from '../../../i18n/messages/redeem.ts';
import { formatSc, playthroughPercent } from '../redeem.fns';

/** Balance, redeemable now, locked and held, and why the locked part is locked. */
export function RedeemableSummary({ data, t }: { data: Redeemable; t: RedeemTexts }) {
  const locale = useLocale();
  const rows: [string, number, string][] = [
    [t.balance, data.balance, 'balance'],
    [t.redeemableNow, data.redeemable, 'redeemable'],
    [t.locked, data.locked, 'locked'],
    [t.held, data.held, 'held'],
  ];
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {rows.map(([label, amount, id]) => (
          <div key={id} className="rounded-xl bg-surface-2 px-3 py-2" data-testid={`sc-${id}`}>
            <dt className="text-xs text-text-muted">{label}</dt>
            <dd className="font-semibold text-text tabular-nums">{formatSc(amount, locale)}</dd>
          </div>
        ))}
      </dl>
      {data.locked > 0 && <LockedCredits credits={data.credits} t={t} />}
    </div>
  );
}

function LockedCredits({ credits, t }: { credits: SweepsCredit[]; t: RedeemTexts }) {
  const open = credits.filter((credit) => credit.completedAt === null && credit.remaining > 0);
  return (
    <details className="rounded-xl border border-border px-3 py-2 text-sm" open>
      <summary className="cursor-pointer font-semibold text-text">{t.whyLocked}</summary>
      <p className="mt-2 text-text-muted">{t.lockedExplained}</p>
      {open.length === 0 ? (
        <p className="mt-2 text-text-muted">{t.noOpenCredits}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3">
          {open.map((credit) => (
            <CreditProgress key={credit.id} credit={credit} t={t} />
          ))}
        </ul>
      )}
    </details>
  );
}

function CreditProgress({ credit, t }: { credit: SweepsCredit; t: RedeemTexts }) {
  const locale = useLocale();
  const labelId = useId();
  const percent = playthroughPercent(credit);
  const progress = formatMessage(t.creditProgress, {
    played: formatSc(credit.wagered, locale),
    amount: formatSc(credit.amount, locale),
    percent,
  });
  return (
    <li data-testid="sc-credit">
      <div className="flex flex-wrap justify-between gap-2">
        <span id={labelId} className="font-medium text-text">
          {t[`creditSource_${credit.source}`]}
        </span>
        <span className="text-text-muted">
          {formatMessage(t.creditLeft, { remaining: formatSc(credit.remaining, locale) })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={progress}
        className="mt-1 h-2 overflow-hidden rounded-full bg-surface-2"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-text-muted">{progress}</p>
    </li>
  );
}
