import { Link } from 'react-router';
import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import { useLocalizedPath } from '../../../i18n/i18n.tsx';
import type { RedeemTexts } from '../../../i18n/messages/redeem.ts';
import { LINK_BUTTON, ModalActions, PRIMARY_BUTTON } from '../../../ui/modal/modal-frame.tsx';
import { useModals } from '../../../lib/modals/use-modals.ts';
import { verificationSummary } from '../../profile/verification.fns';
import type { VerificationStep } from '../redeem.fns';

/** Where the player verifies email, phone and identity (the profile info page's block). */
export const VERIFICATION_PATH = '/profile/info#verification';

const STEP_TEXT = {
  kyc: 'stepKyc',
  email: 'stepEmail',
  phone: 'stepPhone',
} as const satisfies Record<VerificationStep, keyof RedeemTexts>;

/**
 * Spec §6: redeeming and withdrawing need full verification. Lists the three steps with their
 * state (in words, not only a mark) and leads to the verification page or the phone modal.
 * `missing` (from a 403) wins over the profile, which may be older than the server's view.
 */
export function VerificationChecklist({
  profile,
  missing,
  intro,
  onLeave,
  t,
}: {
  profile: PlayerProfile;
  /** Called when the player follows a link away (an unkeyed modal closes itself). */
  onLeave?: () => void;
  missing?: readonly VerificationStep[];
  intro: string;
  t: RedeemTexts;
}) {
  const localize = useLocalizedPath();
  const modals = useModals();
  const summary = verificationSummary(profile);
  const done = (step: VerificationStep) =>
    missing && missing.length > 0 ? !missing.includes(step) : summary[step];
  return (
    <div data-testid="verification-checklist">
      <p className="text-sm text-text">{intro}</p>
      <ul className="mt-3 flex flex-col gap-2">
        {(['kyc', 'email', 'phone'] as const).map((step) => (
          <li
            key={step}
            data-testid={`verification-step-${step}`}
            data-done={done(step)}
            className="flex items-center gap-2 text-sm"
          >
            <span aria-hidden className={done(step) ? 'text-success' : 'text-text-muted'}>
              {done(step) ? '✓' : '○'}
            </span>
            <span className="text-text">{t[STEP_TEXT[step]]}:</span>{' '}
            <span className={done(step) ? 'text-success' : 'text-accent'}>
              {done(step) ? t.stepDone : t.stepMissing}
            </span>
          </li>
        ))}
      </ul>
      <ModalActions>
        {!done('phone') && (
          <button
            type="button"
            className={LINK_BUTTON}
            onClick={() => modals.openKeyed('verify-phone')}
          >
            {t.verifyPhoneNow}
          </button>
        )}
        <Link
          to={localize(VERIFICATION_PATH)}
          onClick={onLeave}
          className={`${PRIMARY_BUTTON} text-center`}
        >
          {t.goToVerification}
        </Link>
      </ModalActions>
    </div>
  );
}
