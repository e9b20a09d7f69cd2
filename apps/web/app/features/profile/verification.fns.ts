import type { KycStatus } from '@coinfall/shared/contracts/verification';
import type { PlayerProfile } from '@coinfall/shared/contracts/player';

export interface VerificationSummary {
  email: boolean;
  phone: boolean;
  kyc: boolean;
  /** Spec §4: fully verified needs kyc, email and phone. */
  full: boolean;
  /** How many of the three are done. */
  count: number;
}

/**
 * Spec §4: email is verified when confirmedAt is present, phone when phoneConfirmed is set;
 * KYC counts from the profile flag or a verified provider check, whichever is known first.
 */
export function verificationSummary(
  profile: Pick<PlayerProfile, 'confirmedAt' | 'phoneConfirmed' | 'kycVerified'>,
  kycStatus?: KycStatus,
): VerificationSummary {
  const email = Boolean(profile.confirmedAt);
  const phone = profile.phoneConfirmed;
  const kyc = profile.kycVerified || kycStatus === 'verified';
  const count = [email, phone, kyc].filter(Boolean).length;
  return { email, phone, kyc, full: count === 3, count };
}

/** The provider check may be started when there is none yet or the last one was rejected. */
export function canStartKyc(status: KycStatus | undefined): boolean {
  return status === 'none' || status === 'rejected';
}
