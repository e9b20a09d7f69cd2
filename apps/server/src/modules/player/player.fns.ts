import {
  COMPLETE_PROFILE_FIELDS,
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

const SCENARIO_FIELDS: Record<FieldScenario, FieldValidation[]> = {
  registration: [
    { name: 'email', isRequired: true },
    { name: 'password', isRequired: true },
    { name: 'agreements', isRequired: true },
    { name: 'receiveEmailPromo', isRequired: false },
  ],
  profile: [
    ...COMPLETE_PROFILE_FIELDS.map((name) => ({ name, isRequired: true })),
    { name: 'nickname', isRequired: false },
    { name: 'agreements', isRequired: true },
  ],
};

export function fieldValidations(scenario: FieldScenario): FieldValidation[] {
  return SCENARIO_FIELDS[scenario].map((f) => ({
    name: f.name,
    isRequired: f.isRequired || ALWAYS_REQUIRED.has(f.name),
  }));
}
