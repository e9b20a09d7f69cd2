import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  OTP_CODE_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS_PER_HOUR,
  OTP_RESEND_AFTER_SECONDS,
} from '@coinfall/shared';

const HOUR_MS = 60 * 60_000;

/** A fresh code: OTP_CODE_LENGTH uniformly random digits, leading zeros kept. */
export const newOtpCode = (): string =>
  String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0');

/**
 * What is stored of a code: HMAC-SHA256 keyed by the player id. A million codes hash to a
 * million values per player, so a leaked table cannot be answered from one precomputed list.
 */
export const hashOtpCode = (playerId: string, code: string): string =>
  createHmac('sha256', playerId).update(code.trim(), 'utf8').digest('hex');

/** Compares in constant time, so response timing says nothing about the stored hash. */
export function otpCodeMatches(playerId: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashOtpCode(playerId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Seconds before the player may ask for another code, given when the earlier ones were sent
 * (0: now). Two rules: OTP_RESEND_AFTER_SECONDS since the latest, and at most
 * OTP_MAX_SENDS_PER_HOUR in any rolling hour.
 */
export function secondsUntilNextSend(sentAt: readonly Date[], at: Date): number {
  const now = at.getTime();
  const times = sentAt.map((d) => d.getTime()).filter((t) => t > now - HOUR_MS);
  if (times.length === 0) return 0;
  const latest = Math.max(...times);
  let allowedAt = latest + OTP_RESEND_AFTER_SECONDS * 1000;
  if (times.length >= OTP_MAX_SENDS_PER_HOUR) {
    // The send that must leave the hour window before another fits in it.
    const sorted = [...times].sort((a, b) => b - a);
    const blocking = sorted[OTP_MAX_SENDS_PER_HOUR - 1] ?? latest;
    allowedAt = Math.max(allowedAt, blocking + HOUR_MS);
  }
  return Math.max(0, Math.ceil((allowedAt - now) / 1000));
}

/** Guesses left on a code after `attempts` were counted. */
export const attemptsLeft = (attempts: number): number => Math.max(0, OTP_MAX_ATTEMPTS - attempts);

/** "+14155552671" → "+*******2671": the number shown back, all but the last 4 digits hidden. */
export function maskPhone(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  const shown = digits.slice(-4);
  return `+${'*'.repeat(Math.max(0, digits.length - shown.length))}${shown}`;
}

/** Phones are stored without the leading "+" (spec §5); codes go to the E.164 form. */
export const storedPhone = (e164: string): string => e164.replace(/^\+/, '');

export const otpSmsText = (code: string, ttlMinutes: number): string =>
  `Your Coinfall code is ${code}. It is valid for ${ttlMinutes} minutes. Never share it: Coinfall staff will never ask for it.`;
