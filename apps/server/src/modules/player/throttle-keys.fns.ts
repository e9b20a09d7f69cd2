import { createHmac } from 'node:crypto';

/** Label of the key derived from JWT_SECRET: a different purpose gets a different key. */
const EMAIL_TAG_LABEL = 'coinfall:throttle-key:email:v1';

/**
 * Throttle counters are keyed by who is tried, but a Redis key holding an address would put every
 * attempted email (typos, victims of a spray) in plain sight of whoever reads Redis. Keys hold an
 * HMAC-SHA256 of the normalised address under a server key instead: stable across nodes (the
 * JWT_SECRET they share), not reversible by a dictionary without that key.
 */
export function createEmailTagger(serverSecret: string): (normalisedEmail: string) => string {
  const key = createHmac('sha256', serverSecret).update(EMAIL_TAG_LABEL).digest();
  return (email) => createHmac('sha256', key).update(email).digest('base64url');
}

/** The counter keys of the throttles; `emailTag` is createEmailTagger's output. */
export const throttleKeys = {
  loginAccountIp: (emailTag: string, ip: string) => `login:acct-ip:${emailTag}:${ip}`,
  loginAccount: (emailTag: string) => `login:acct:${emailTag}`,
  loginIpMinute: (ip: string) => `login:ip:${ip}`,
  loginIpLockouts: (ip: string) => `login:ip-lockouts:${ip}`,
  passwordRecheck: (playerId: string) => `recheck:${playerId}`,
  resetMail: (emailTag: string) => `reset-mail:${emailTag}`,
  registrationIp: (ip: string) => `register:ip:${ip}`,
} as const;

/** The lock key beside an escalating lock's counter. */
export const lockKeyOf = (counterKey: string): string => `${counterKey}:lock`;
