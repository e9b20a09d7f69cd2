import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. The
 * otpauth library does the arithmetic; the rules of use (one step either side for clock drift,
 * a step used once) are here.
 */
export const TOTP_ISSUER = 'Coinfall back office';
const PERIOD_SECONDS = 30;
/** Steps accepted either side of now: a phone clock up to 30 s off still signs in. */
const DRIFT_STEPS = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export function otpauthUrl(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The code of the step of `nowMs` (tests and the browser test compute it like an app does). */
export function totpCode(secret: string, nowMs: number): string {
  return totpOf(secret, 'x').generate({ timestamp: nowMs });
}

/**
 * The time step `code` belongs to, when it is within the drift of now and newer than
 * `lastStep` (a code already used — or an older one — never signs in again); null otherwise.
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): number | null {
  const delta = totpOf(secret, 'x').validate({
    token: code,
    timestamp: nowMs,
    window: DRIFT_STEPS,
  });
  if (delta === null) return null;
  const step = Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: read off paper without doubt. 31 symbols × 10 ≈ 49 bits each.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes shaped xxxxx-xxxxx, from the CSPRNG. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/**
 * What is stored of a recovery code. SHA-256 rather than argon2: the code is ~49 random bits,
 * not a human's choice, and signing in checks it against every unused code of the account.
 * Case and the dash do not count.
 */
export function recoveryCodeHash(code: string): string {
  const normal = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(normal, 'utf8').digest('hex');
}
