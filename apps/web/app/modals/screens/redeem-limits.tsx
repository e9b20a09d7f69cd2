import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import type { RedeemLimits } from '@coinfall/shared/contracts/redemption';
import { formatMessage, useLocale, useMessages } from '../../i18n/i18n.tsx';
import { redeemMessages, type RedeemTexts } from '../../i18n/messages/redeem.ts';
import { FormAlert, StatusNote } from '../../features/account/account-ui.tsx';
import { PlayerGate } from '../../features/account/player-gate.tsx';
import { useRedeemable } from '../../features/redeem/api/redeemable';
import { useRedeemLimits } from '../../features/redeem/api/redeem-limits';
import { formatSc, refusalMessages } from '../../features/redeem/redeem.fns';
import { stringProp, useModalEntry } from '../../ui/modal/modal-entry.ts';
import {
  ModalActions,
  ModalFrame,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
} from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';

/**
 * Explains the redemption limits for an amount: the `amount` prop (SC minor units) given by the
 * redeem modal, else everything redeemable now (at least the minimum), as the server sees it.
 */
export default function RedeemLimitsModal() {
  const t = useMessages(redeemMessages);
  return (
    <PlayerGate title={t.limitsTitle} description={t.limitsDescription}>
      {(profile) => <LimitsForPlayer profile={profile} t={t} />}
    </PlayerGate>
  );
}

function LimitsForPlayer({ profile, t }: { profile: PlayerProfile; t: RedeemTexts }) {
  const { entry, close } = useModalEntry();
  const modals = useModals();
  const redeemable = useRedeemable();
  const asked = Number(stringProp(entry, 'amount'));
  const amount =
    Number.isSafeInteger(asked) && asked > 0
      ? asked
      : redeemable.data
        ? Math.max(redeemable.data.redeemable, redeemable.data.minAmount)
        : undefined;
  const limits = useRedeemLimits(profile.id, amount);

  return (
    <ModalFrame title={t.limitsTitle} description={t.limitsDescription}>
      <div aria-live="polite">
        {limits.data ? (
          <LimitsTable limits={limits.data} t={t} />
        ) : limits.isError || redeemable.isError ? (
          <FormAlert>{t.loadFailed}</FormAlert>
        ) : (
          <StatusNote>{t.loading}</StatusNote>
        )}
      </div>
      <ModalActions>
        <button type="button" className={SECONDARY_BUTTON} onClick={close}>
          {t.close}
        </button>
        <button type="button" className={PRIMARY_BUTTON} onClick={() => modals.openKeyed('redeem')}>
          {t.backToRedeem}
        </button>
      </ModalActions>
    </ModalFrame>
  );
}

function LimitsTable({ limits, t }: { limits: RedeemLimits; t: RedeemTexts }) {
  const locale = useLocale();
  const sc = (minor: number) => formatSc(minor, locale);
  const w9 = !limits.w9Required ? t.w9NotNeeded : limits.w9Received ? t.w9OnFile : t.w9Needed;
  const rows: [string, string][] = [
    [t.limitMin, sc(limits.minAmount)],
    [t.limitMaxNow, sc(limits.maxAmount)],
    [t.limitDaily, sc(limits.dailyLimit)],
    [t.limitDailyRemaining, sc(limits.dailyRemaining)],
    [t.limitW9, w9],
  ];
  const refusals = refusalMessages(limits.refusals);
  return (
    <div data-testid="redeem-limits">
      <p className="text-sm font-semibold text-text">
        {formatMessage(t.limitsFor, { amount: sc(limits.amount) })}
      </p>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-text-muted">{label}</dt>
            <dd className="text-right text-text tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 text-sm">
        {limits.allowed ? (
          <p className="text-success">{t.limitsAllowed}</p>
        ) : (
          <>
            <p className="text-accent">{t.limitsRefused}</p>
            <ul className="mt-1 list-disc pl-5 text-text">
              {refusals.map((key) => (
                <li key={key}>{t[key]}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
