import type { KycState } from '@coinfall/shared/contracts/verification';
import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import { formatMessage, useMessages } from '../../../i18n/i18n.tsx';
import { profileMessages } from '../../../i18n/messages/profile.ts';
import { buttonClass } from '../../../ui/button.ts';
import { useAlerts } from '../../alerts/use-alerts.ts';
import { useModals } from '../../../lib/modals/use-modals.ts';
import { useProfile } from '../../../lib/query/player-queries.ts';
import { useStartKyc, useKycState } from '../api/kyc.ts';
import { useResendEmailConfirmation } from '../api/profile.ts';
import { canStartKyc, verificationSummary } from '../verification.fns.ts';
import { LoadState } from '../../../ui/load-state.tsx';
import { PageSection } from '../../../ui/page-section.tsx';

type Messages = Record<keyof (typeof profileMessages)['en'], string>;

/** Spec §4 verification: email, phone and identity, and whether all three are done. */
export function VerificationStatus() {
  const t = useMessages(profileMessages);
  const profile = useProfile();
  const kyc = useKycState();
  return (
    <PageSection id="verification" title={t.verificationTitle}>
      <LoadState texts={t} query={profile} rows={3}>
        {(data) => <VerificationRows profile={data} kyc={kyc} t={t} />}
      </LoadState>
    </PageSection>
  );
}

function VerificationRows({
  profile,
  kyc,
  t,
}: {
  profile: PlayerProfile;
  kyc: ReturnType<typeof useKycState>;
  t: Messages;
}) {
  const summary = verificationSummary(profile, kyc.data?.status);
  return (
    <>
      <p
        className={`mb-4 inline-flex rounded-full px-3 py-1 text-sm font-semibold ${summary.full ? 'bg-success/15 text-success' : 'bg-surface-2 text-text-muted'}`}
        data-testid="verification-summary"
      >
        {summary.full
          ? t.fullyVerified
          : formatMessage(t.verificationSummary, { count: summary.count })}
      </p>
      <dl className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <EmailRow confirmed={summary.email} t={t} />
        <PhoneRow confirmed={summary.phone} t={t} />
        <KycRow profile={profile} kyc={kyc} t={t} />
      </dl>
    </>
  );
}

function StatusText({ ok, text }: { ok: boolean; text: string }) {
  return (
    <span className={ok ? 'font-semibold text-success' : 'text-text-muted'}>
      <span aria-hidden>{ok ? '✓ ' : '• '}</span>
      {text}
    </span>
  );
}

function EmailRow({ confirmed, t }: { confirmed: boolean; t: Messages }) {
  const alerts = useAlerts();
  const resend = useResendEmailConfirmation();
  return (
    <>
      <dt className="font-semibold text-text">{t.emailLabel}</dt>
      <dd className="flex flex-wrap items-center gap-3">
        <StatusText ok={confirmed} text={confirmed ? t.emailConfirmed : t.emailNotConfirmed} />
        {!confirmed && (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            disabled={resend.isPending}
            aria-busy={resend.isPending || undefined}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: () => alerts.push('resentVerification'),
                onError: () => alerts.push('somethingWrong'),
              })
            }
          >
            {resend.isPending ? t.resending : t.resendConfirmation}
          </button>
        )}
      </dd>
    </>
  );
}

function PhoneRow({ confirmed, t }: { confirmed: boolean; t: Messages }) {
  const modals = useModals();
  return (
    <>
      <dt className="font-semibold text-text">{t.phoneLabel}</dt>
      <dd className="flex flex-wrap items-center gap-3">
        <StatusText ok={confirmed} text={confirmed ? t.phoneConfirmed : t.phoneNotConfirmed} />
        {!confirmed && (
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => modals.openKeyed('verify-phone')}
          >
            {t.verifyPhone}
          </button>
        )}
      </dd>
    </>
  );
}

const KYC_TEXT = {
  none: 'kycNone',
  pending: 'kycPending',
  verified: 'kycVerified',
  rejected: 'kycRejected',
} as const satisfies Record<KycState['status'], keyof Messages>;

function KycRow({
  profile,
  kyc,
  t,
}: {
  profile: PlayerProfile;
  kyc: ReturnType<typeof useKycState>;
  t: Messages;
}) {
  const start = useStartKyc();
  const state = kyc.data;
  const verified = profile.kycVerified || state?.status === 'verified';
  return (
    <>
      <dt className="font-semibold text-text">{t.kycLabel}</dt>
      <dd className="flex flex-col gap-2" aria-busy={kyc.isPending || start.isPending || undefined}>
        {verified ? (
          <StatusText ok text={t.kycVerified} />
        ) : kyc.isPending ? (
          <span className="text-text-muted">{t.loading}</span>
        ) : !state ? (
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-text-muted">{t.kycUnavailable}</span>
            <button
              type="button"
              className={buttonClass('outline', 'sm')}
              onClick={() => void kyc.refetch()}
            >
              {t.retry}
            </button>
          </div>
        ) : (
          <>
            <StatusText ok={false} text={t[KYC_TEXT[state.status]]} />
            {state.status === 'rejected' && state.reasons.length > 0 && (
              <div className="text-sm text-text-muted">
                <p>{t.kycReasons}</p>
                <ul className="ml-5 list-disc">
                  {state.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              </div>
            )}
            {canStartKyc(state.status) &&
              (profile.isComplete ? (
                <button
                  type="button"
                  className={`${buttonClass('primary', 'sm')} self-start`}
                  disabled={start.isPending}
                  onClick={() => start.mutate()}
                >
                  {start.isPending
                    ? t.kycStarting
                    : state.status === 'rejected'
                      ? t.kycRetry
                      : t.kycStart}
                </button>
              ) : (
                <p className="text-sm text-text-muted">{t.kycNeedsProfile}</p>
              ))}
          </>
        )}
        <p role="status" className="text-sm text-danger empty:hidden">
          {start.isError ? t.kycUnavailable : ''}
        </p>
      </dd>
    </>
  );
}
