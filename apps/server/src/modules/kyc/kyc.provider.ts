/** The identity a KYC provider checks (all of KYC_REQUIRED_FIELDS present). */
export interface KycIdentity {
  firstName: string;
  lastName: string;
  birthdate: string;
  address: string;
  city: string | null;
  region: string | null;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  ssnLast4: string | null;
}

export type KycProviderStatus = 'pending' | 'verified' | 'rejected';

/** Why a check failed: a stable code for staff and a sentence a player may read. */
export interface KycReason {
  code: string;
  message: string;
}

export interface KycOutcome {
  status: KycProviderStatus;
  reasons: KycReason[];
}

/** The provider could not answer (down, timed out, refused our credentials); nothing changed. */
export class KycProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KycProviderUnavailableError';
  }
}

/**
 * An identity-check provider (tsevo). Checks are asynchronous: registering or correcting a
 * player's data answers pending; validate asks for the current result, which may still be
 * pending. Implementations: the sandbox; a real client implements the same three calls with
 * its credentials and throws KycProviderUnavailableError when it cannot answer.
 */
export interface KycProvider {
  readonly name: string;
  registerPlayer(identity: KycIdentity): Promise<{ reference: string; status: 'pending' }>;
  updatePlayer(reference: string, identity: KycIdentity): Promise<{ status: 'pending' }>;
  validate(reference: string): Promise<KycOutcome>;
}
