/**
 * The password_hash of an account without a password (created by social login, or removed).
 * Not a PHC string, so argon2 refuses to verify against it: no password ever matches it.
 */
export const UNUSABLE_PASSWORD_HASH = '!no-password';

/**
 * The password_hash after staff forced a reset (issue 17): no password matches it either, but the
 * account has a password, to be chosen again through the mailed link — so removing the account
 * still asks for one (and cannot be done until it is chosen).
 */
export const RESET_REQUIRED_PASSWORD_HASH = '!reset-required';

/** Whether the account has a password (and must confirm its removal with it). */
export const hasUsablePassword = (passwordHash: string): boolean =>
  passwordHash !== UNUSABLE_PASSWORD_HASH;

/** The address a removed account keeps: unique, undeliverable (.invalid), frees the real one. */
export const removedEmail = (playerId: string): string => `removed+${playerId}@invalid.coinfall`;

/**
 * What is left of a player after removal: no personal data and no way to log in. Status,
 * balances and the ledger are not personal data here and stay for the books.
 */
export function anonymisedPlayer(playerId: string, at: Date) {
  return {
    email: removedEmail(playerId),
    passwordHash: UNUSABLE_PASSWORD_HASH,
    nickname: null,
    firstName: null,
    lastName: null,
    phone: null,
    phoneConfirmed: false,
    address: null,
    city: null,
    region: null,
    country: null,
    postalCode: null,
    birthdate: null,
    emailConfirmedAt: null,
    receiveEmailPromo: false,
    removedAt: at,
    updatedAt: at,
  };
}
