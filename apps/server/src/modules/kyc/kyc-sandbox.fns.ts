import type { KycIdentity, KycOutcome } from './kyc.provider.ts';

/**
 * Test data of the KYC sandbox. Outcomes are decided by the identity last sent for a check and
 * show on validate (registration and corrections always answer pending first):
 *
 * - lastName "Reject"      → rejected, reason IDENTITY_MISMATCH
 * - postalCode "00000"     → rejected, reason ADDRESS_MISMATCH
 * - ssnLast4 "0000"        → stays pending on every validate
 * - lastName "Unavailable" → the provider is down: every call fails (503), nothing is stored
 * - anything else          → verified
 *
 * Names compare case-insensitively.
 */
export const SANDBOX_RULES = {
  rejectLastName: 'reject',
  rejectPostalCode: '00000',
  pendingSsnLast4: '0000',
  unavailableLastName: 'unavailable',
} as const;

const same = (value: string, rule: string) => value.trim().toLowerCase() === rule;

/** True when the sandbox plays a provider outage for this identity. */
export const sandboxUnavailable = (identity: Pick<KycIdentity, 'lastName'>): boolean =>
  same(identity.lastName, SANDBOX_RULES.unavailableLastName);

/** What validate answers for a check whose latest data is `identity`. */
export function sandboxOutcome(
  identity: Pick<KycIdentity, 'lastName' | 'postalCode' | 'ssnLast4'>,
): KycOutcome {
  if (same(identity.lastName, SANDBOX_RULES.rejectLastName)) {
    return {
      status: 'rejected',
      reasons: [
        {
          code: 'IDENTITY_MISMATCH',
          message: 'Your name and date of birth do not match a record; check them',
        },
      ],
    };
  }
  if (identity.postalCode.trim() === SANDBOX_RULES.rejectPostalCode) {
    return {
      status: 'rejected',
      reasons: [
        { code: 'ADDRESS_MISMATCH', message: 'Your address does not match a record; check it' },
      ],
    };
  }
  if (identity.ssnLast4 === SANDBOX_RULES.pendingSsnLast4)
    return { status: 'pending', reasons: [] };
  return { status: 'verified', reasons: [] };
}
