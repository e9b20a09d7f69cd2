import { z } from 'zod';
import {
  KYC_REQUIRED_FIELDS,
  type KycState,
  type KycStatus,
  type TsevoPlayerBody,
} from '@coinfall/shared';
import type { KycCheckStatus } from '../../db/schema/index.ts';
import type { KycIdentity, KycOutcome } from './kyc.provider.ts';

type ProfileIdentity = { [K in Exclude<keyof KycIdentity, 'ssnLast4'>]: string | null };

/**
 * The identity to check: each field from the body when sent, else from the profile. `missing`
 * names (as body.<field>) every required field that neither has.
 */
export function kycIdentity(
  profile: ProfileIdentity,
  body: TsevoPlayerBody,
): { identity: KycIdentity; missing: [] } | { identity: null; missing: string[] } {
  const pick = (name: keyof ProfileIdentity): string | null => {
    const value = body[name] ?? profile[name];
    return value && value.trim() !== '' ? value.trim() : null;
  };
  const missing = KYC_REQUIRED_FIELDS.filter((name) => pick(name) === null).map(
    (name) => `body.${name}`,
  );
  const [firstName, lastName, birthdate, address, postalCode, country] = KYC_REQUIRED_FIELDS.map(
    (name) => pick(name),
  );
  if (!firstName || !lastName || !birthdate || !address || !postalCode || !country) {
    return { identity: null, missing };
  }
  return {
    identity: {
      firstName,
      lastName,
      birthdate,
      address,
      city: pick('city'),
      region: pick('region'),
      postalCode,
      country: country.toUpperCase(),
      ssnLast4: body.ssnLast4 ?? null,
    },
    missing: [],
  };
}

const storedResultSchema = z.object({
  reasons: z.array(z.object({ code: z.string(), message: z.string() })).catch([]),
});

/** What kyc_checks.result keeps of a provider answer (reason codes for staff). */
export const checkResult = (outcome: KycOutcome, at: Date): Record<string, unknown> => ({
  status: outcome.status,
  reasons: outcome.reasons,
  answeredAt: at.toISOString(),
});

/** The latest check as the player sees it; status none before any check. */
export function toKycState(
  player: { kycVerified: boolean },
  check:
    | {
        providerReference: string;
        status: KycCheckStatus;
        result: Record<string, unknown> | null;
        updatedAt: Date;
      }
    | undefined,
): KycState {
  if (!check) {
    return {
      status: player.kycVerified ? 'verified' : 'none',
      kycVerified: player.kycVerified,
      reference: null,
      reasons: [],
      updatedAt: null,
    };
  }
  const parsed = storedResultSchema.safeParse(check.result ?? {});
  const status: KycStatus = check.status;
  return {
    status,
    kycVerified: player.kycVerified,
    reference: check.providerReference,
    reasons:
      status === 'rejected' && parsed.success ? parsed.data.reasons.map((r) => r.message) : [],
    updatedAt: check.updatedAt.toISOString(),
  };
}
