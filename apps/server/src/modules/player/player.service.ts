import {
  DEFAULT_REGISTRATION_FIELDS,
  type Attribution,
  type FieldScenario,
  type FieldValidation,
  type PlayerProfile,
  type RegisterBody,
  type SessionResponse,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { normalizeEmail } from './auth.fns.ts';
import type { PasswordHasher } from '../../platform/password-hasher.ts';
import type { PlayerRepo, PlayerRow } from './player.repo.ts';
import {
  fieldValidations,
  isNewlyRegistered,
  missingRegistrationField,
  toProfile,
} from './player.fns.ts';
import type { Origin, SessionService } from './session.service.ts';

/** What a new account is made of, whichever way the player signs up. */
export interface NewAccount {
  email: string;
  passwordHash: string;
  nickname: string | null;
  receiveEmailPromo: boolean;
  /** Set when the address is known to be the player's (a provider's verified email). */
  emailConfirmedAt: Date | null;
}

export function createPlayerService(deps: {
  db: Database;
  repo: Pick<PlayerRepo, 'insertPlayer' | 'findPlayerById' | 'findPlayerWithFirstSession'>;
  passwords: Pick<PasswordHasher, 'hash'>;
  sessions: Pick<SessionService, 'startSession' | 'sessionResponse'>;
  /** Registrations per client IP, password or social: refuses (429) past the budget. */
  registrations: { admit(ip: string | null): Promise<void> };
  /** Runs after a registration commits (the confirmation mail); a failure does not undo it. */
  afterRegister?: (player: PlayerRow) => Promise<void>;
  /** Opens the new player's wallet in the registration transaction (the default account). */
  openWallet?: (tx: Database, playerId: string) => Promise<void>;
  /** Stores the visit's affiliate tag, UTM and A/B funnel in the registration transaction. */
  recordAttribution?: (
    tx: Database,
    playerId: string,
    attribution: Attribution | undefined,
  ) => Promise<void>;
  /**
   * The registration form's fields (content, decision 053); `preview` is the request's content
   * preview token, which shows the drafts' list when valid. Today's form when not given.
   */
  registrationFields?: (preview: string | undefined) => readonly FieldValidation[];
}) {
  const registrationFields = (preview: string | undefined) =>
    deps.registrationFields?.(preview) ?? DEFAULT_REGISTRATION_FIELDS;

  /**
   * Creates the player, runs `within` (e.g. linking a social identity) and opens the first
   * session, all in one transaction; logs the player in. The confirmation mail goes only to an
   * address not already confirmed. The caller has counted the registration (admit).
   */
  async function createAccount(
    account: NewAccount,
    origin: Origin,
    within?: (tx: Database, player: PlayerRow) => Promise<void>,
    attribution?: Attribution,
  ): Promise<SessionResponse> {
    const { player, session } = await deps.db.transaction(async (tx) => {
      const created = await deps.repo.insertPlayer(tx, { ...account, agreedTc: true });
      if (!created) {
        throw new AppError('EMAIL_TAKEN', 'An account with this email already exists', {
          fields: [{ field: 'body.email', message: 'This email is already registered' }],
        });
      }
      await within?.(tx, created);
      await deps.recordAttribution?.(tx, created.id, attribution);
      // The session first: its connection's country and location are places the welcome coins'
      // Sweeps Coins part asks about (decision 052).
      const opened = await deps.sessions.startSession(tx, created.id, origin);
      await deps.openWallet?.(tx, created.id);
      return { player: created, session: opened };
    });
    if (!player.emailConfirmedAt) await deps.afterRegister?.(player);
    return deps.sessions.sessionResponse(player, session, true);
  }

  return {
    /** createAccount, counted against the client address's registration budget. */
    async openAccount(
      account: NewAccount,
      origin: Origin,
      within?: (tx: Database, player: PlayerRow) => Promise<void>,
      attribution?: Attribution,
    ): Promise<SessionResponse> {
      await deps.registrations.admit(origin.ip);
      return createAccount(account, origin, within, attribution);
    },

    /** Creates the player and its first session in one transaction; logs the player in. */
    /** `ipCountry`: the trusted proxy's, a place the welcome coins ask about (decision 052). */
    async register(
      body: RegisterBody,
      ip: string | null,
      ipCountry: string | null = null,
      preview?: string,
    ): Promise<SessionResponse> {
      // The form asks exactly the configured fields; a required one must come (optional ones
      // the API takes whether listed or not, as before).
      const missing = missingRegistrationField(registrationFields(preview), body);
      if (missing) throw AppError.invalid(`body.${missing}`, 'Value is required');
      // Counted before hashing, so a flood of sign-ups costs no CPU past the budget.
      await deps.registrations.admit(ip);
      // Hashing is slow: done before the transaction so no connection waits on it.
      const passwordHash = await deps.passwords.hash(body.password);
      return createAccount(
        {
          email: normalizeEmail(body.email),
          passwordHash,
          nickname: body.nickname ?? null,
          receiveEmailPromo: body.receiveEmailPromo,
          emailConfirmedAt: null,
        },
        { ip, device: body.device, location: body.location ?? null, ipCountry },
        undefined,
        body.attribution,
      );
    },

    async profile(actor: Actor): Promise<PlayerProfile> {
      const found = await deps.repo.findPlayerWithFirstSession(actor.playerId);
      if (!found) throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
      const { player, firstSessionId } = found;
      return toProfile(
        player,
        isNewlyRegistered(player, actor.sessionId, firstSessionId ?? undefined),
      );
    },

    fieldValidations: (scenario: FieldScenario, preview?: string): { data: FieldValidation[] } => ({
      data: fieldValidations(scenario, registrationFields(preview)),
    }),
  };
}
export type PlayerService = ReturnType<typeof createPlayerService>;
