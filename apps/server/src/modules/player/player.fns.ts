import {
  COMPLETE_PROFILE_FIELDS,
  DEFAULT_REGISTRATION_FIELDS,
  isProfileComplete,
  PlayerStatus,
  type FieldScenario,
  type FieldValidation,
  type PageMeta,
  type PlayerProfile,
  type PlayerSession,
} from '@coinfall/shared';
import type { PlayerRow, PlayerSessionRow } from './player.repo.ts';

const STATUSES = Object.values(PlayerStatus);

export function toProfile(row: PlayerRow, isNewlyRegistered: boolean): PlayerProfile {
  const status = STATUSES.find((s) => s === row.status) ?? PlayerStatus.Blocked;
  return {
    id: row.id,
    nickname: row.nickname,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    region: row.region,
    country: row.country,
    postalCode: row.postalCode,
    birthdate: row.birthdate,
    agreedTc: row.agreedTc,
    kycVerified: row.kycVerified,
    confirmedAt: row.emailConfirmedAt?.toISOString() ?? null,
    phoneConfirmed: row.phoneConfirmed,
    status,
    segmentIds: row.segmentIds,
    createdAt: row.createdAt.toISOString(),
    isNewlyRegistered,
    isComplete: isProfileComplete(row),
  };
}

/** Newly registered: still in the registration session and the profile was never saved. */
export function isNewlyRegistered(
  player: Pick<PlayerRow, 'profileUpdatedAt'>,
  currentSessionId: string,
  firstSessionId: string | undefined,
): boolean {
  return player.profileUpdatedAt === null && currentSessionId === firstSessionId;
}

export function toSessionItem(row: PlayerSessionRow, currentSessionId: string): PlayerSession {
  return {
    id: row.id,
    device: row.device,
    ip: row.ip,
    location: row.location,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  };
}

export function pageMeta(page: number, perPage: number, totalRows: number): PageMeta {
  return { page, perPage, totalPages: Math.ceil(totalRows / perPage), totalRows };
}

/** Spec §5: agreements, city and region are required whatever the scenario says. */
const ALWAYS_REQUIRED = new Set(['agreements', 'city', 'region']);

const PROFILE_FIELDS: FieldValidation[] = [
  ...COMPLETE_PROFILE_FIELDS.map((name) => ({ name, isRequired: true })),
  { name: 'nickname', isRequired: false },
  { name: 'agreements', isRequired: true },
];

/**
 * The fields of a scenario: the profile's are fixed, the registration's are the content's list
 * (decision 053), given by the caller.
 */
export function fieldValidations(
  scenario: FieldScenario,
  registrationFields: readonly FieldValidation[],
): FieldValidation[] {
  const fields = scenario === 'registration' ? registrationFields : PROFILE_FIELDS;
  return fields.map((f) => ({
    name: f.name,
    isRequired: f.isRequired || ALWAYS_REQUIRED.has(f.name),
  }));
}

/**
 * The registration list a global-components document sets (validated when the content loaded),
 * or today's form when it sets none.
 */
export function registrationFieldsOf(globalComponents: unknown): readonly FieldValidation[] {
  const listed = (globalComponents as { registrationFields?: FieldValidation[] } | null)
    ?.registrationFields;
  return listed ?? DEFAULT_REGISTRATION_FIELDS;
}

/** The first required field of the list a registration left empty, or null. */
export function missingRegistrationField(
  fields: readonly FieldValidation[],
  body: Readonly<Record<string, unknown>>,
): string | null {
  const missing = fields.find(
    (f) => f.isRequired && (body[f.name] === undefined || body[f.name] === ''),
  );
  return missing?.name ?? null;
}

/**
 * The ISO country a trusted proxy's header names, upper-cased; null for none, several, or a
 * value that is not two letters (Cloudflare's XX for unknown and T1 for Tor are not places).
 */
export function ipCountryFrom(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const code = header.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}
