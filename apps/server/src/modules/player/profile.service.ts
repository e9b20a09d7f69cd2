import countries from 'i18n-iso-countries';
import {
  formatRuleMessage,
  isProfileComplete,
  minAgeFailure,
  postalAddressMessage,
  postalAddressProblem,
  usZipKey,
  type PlayerProfile,
  type UpdateProfileBody,
  type ZipPlace,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import type { OutboxRecorder } from '../../platform/events/outbox.repo.ts';
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
  repo: Pick<PlayerRepo, 'updateProfile' | 'findPlayerById'>;
  /** player.profile.completed (quests count it). */
  outbox: OutboxRecorder;
  /** The geo module's US ZIP table (decision 033): where a ZIP lies, if it is one. */
  usZipPlace: (zip: string) => Promise<ZipPlace | undefined>;
  /** The youngest age allowed at a place (jurisdiction rules); 18 everywhere when absent. */
  minAgeAt?: (place: { country: string | null; region: string | null }) => Promise<number>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;

  /**
   * The birthdate against the minimum age of the place, both as they will be after the update
   * (moving to a 21+ state with a 19-year-old's birthdate is refused like typing it there). The
   * schema already held the birthdate sent to 18.
   */
  async function checkAgeAtPlace(playerId: string, body: UpdateProfileBody): Promise<void> {
    if (!deps.minAgeAt) return;
    if (body.birthdate === undefined && body.country === undefined && body.region === undefined)
      return;
    const stored = await deps.repo.findPlayerById(playerId);
    const after = <K extends 'birthdate' | 'country' | 'region'>(name: K) =>
      body[name] !== undefined ? (body[name]?.trim() ?? null) || null : (stored?.[name] ?? null);
    const birthdate = after('birthdate');
    if (!birthdate) return;
    const place = { country: after('country'), region: after('region') };
    const years = await deps.minAgeAt(place);
    const failure = minAgeFailure(birthdate, years, new Date(now()));
    if (failure) {
      const where = place.region ?? place.country ?? 'your place';
      throw AppError.invalid('body.birthdate', `${formatRuleMessage(failure)} to play in ${where}`);
    }
  }

  /**
   * The ZIP against the country and state, on the address as it will be after the update (a
   * partial update may change only one of the three).
   */
  async function checkPostalAddress(playerId: string, body: UpdateProfileBody): Promise<void> {
    if (body.country === undefined && body.region === undefined && body.postalCode === undefined)
      return;
    const stored = await deps.repo.findPlayerById(playerId);
    const address = {
      country: body.country !== undefined ? body.country : stored?.country,
      region: body.region !== undefined ? body.region : stored?.region,
      postalCode: body.postalCode !== undefined ? body.postalCode : stored?.postalCode,
    };
    const zip = usZipKey(address.postalCode);
    const place = zip ? await deps.usZipPlace(zip) : undefined;
    const problem = postalAddressProblem(address, place);
    if (problem) throw AppError.invalid(`body.${problem.field}`, postalAddressMessage(problem));
  }

  return {
    /**
     * Saves the fields sent and stamps profile_updated_at (which ends isNewlyRegistered). A new
     * phone number is unconfirmed until verified by SMS code.
     */
    async update(actor: Actor, body: UpdateProfileBody): Promise<PlayerProfile> {
      if (body.country && !countries.isValid(body.country)) {
        throw AppError.invalid('body.country', 'Not an ISO 3166-1 alpha-2 country code');
      }
      await checkPostalAddress(actor.playerId, body);
      await checkAgeAtPlace(actor.playerId, body);
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
