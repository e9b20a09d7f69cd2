import { isProfileComplete } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
import countries from 'i18n-iso-countries';
import type { PlayerProfile, UpdateProfileBody } from '@coinfall/shared';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlayerRepo } from './player.repo.ts';
import { toProfile } from './player.fns.ts';

type ProfileColumns = Parameters<PlayerRepo['updateProfile']>[1];

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'nickname',
  'phone',
  'address',
  'city',
  'region',
  'country',
  'postalCode',
  'birthdate',
] as const;

/** The columns an (already validated) update writes: only the fields sent; '' clears. */
export function profileChanges(body: UpdateProfileBody): Omit<ProfileColumns, 'updatedAt'> {
  const changes: Omit<ProfileColumns, 'updatedAt'> = {};
  for (const name of TEXT_FIELDS) {
    const value = body[name];
    if (value === undefined) continue;
    const text = value === null || value.trim() === '' ? null : value.trim();
    // Phones are stored without the leading "+" (spec §5 phone rule adds it back to parse).
    changes[name] = name === 'phone' && text ? text.replace(/^\+/, '') : text;
  }
  if (body.agreedTc === true) changes.agreedTc = true;
  if (body.receiveEmailPromo !== undefined) changes.receiveEmailPromo = body.receiveEmailPromo;
  return changes;
}

export function createProfileService(deps: {
  db: Database;
  repo: Pick<PlayerRepo, 'updateProfile'>;
  /** player.profile.completed (quests count it). */
  outbox: OutboxRecorder;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  return {
    /**
     * Saves the fields sent and stamps profile_updated_at (which ends isNewlyRegistered). A new
     * phone number is unconfirmed until verified by SMS code.
     */
    async update(actor: Actor, body: UpdateProfileBody): Promise<PlayerProfile> {
      if (body.country && !countries.isValid(body.country)) {
        throw AppError.invalid('body.country', 'Not an ISO 3166-1 alpha-2 country code');
      }
      const at = new Date(now());
      const row = await deps.db.transaction(async (tx) => {
        const updated = await deps.repo.updateProfile(
          actor.playerId,
          { ...profileChanges(body), profileUpdatedAt: at, updatedAt: at },
          tx,
        );
        // Every save that leaves the profile complete says so; a quest counts it once.
        if (updated && isProfileComplete(updated)) {
          await deps.outbox.record(tx, {
            type: 'player.profile.completed',
            playerId: actor.playerId,
            payload: { playerId: actor.playerId },
          });
        }
        return updated;
      });
      if (!row) throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
      return toProfile(row, false);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
