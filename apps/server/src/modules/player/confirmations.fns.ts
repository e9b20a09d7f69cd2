import { createHash, randomBytes } from 'node:crypto';
import type { PlayerCodePurpose } from '../../db/schema/index.ts';

/** How long a mailed one-time code stays usable. */
export const CODE_TTL_MS: Record<PlayerCodePurpose, number> = {
  password_reset: 60 * 60_000,
  email_confirmation: 48 * 60 * 60_000,
  auto_login: 24 * 60 * 60_000,
};

/** A fresh one-time code: 32 random bytes, base64url (43 characters, URL safe). */
export const newOneTimeCode = (): string => randomBytes(32).toString('base64url');

/** What is stored of a code: its sha256, so a database leak hands out no usable code. */
export const hashOneTimeCode = (code: string): string =>
  createHash('sha256').update(code.trim(), 'utf8').digest('hex');

/** Opens the resetPass modal on the home page (spec §2: it reads and clears `resetCode`). */
export const resetPasswordLink = (publicUrl: string, code: string) =>
  `${publicUrl}/?modal=reset-pass&resetCode=${encodeURIComponent(code)}`;

/**
 * Opens the success modal with source=confirm-email: the site confirms `code`, and when the
 * device is not logged in, logs in with the one-time auto-login `token` (POST
 * /api/player/sessions/token). Closing the modal clears source and code (spec §2).
 */
export const confirmEmailLink = (publicUrl: string, code: string, autoLoginToken?: string) =>
  `${publicUrl}/?modal=success&source=confirm-email&code=${encodeURIComponent(code)}` +
  (autoLoginToken ? `&token=${encodeURIComponent(autoLoginToken)}` : '');

/** The mail of a reset our staff put on the account (issue 17): the old password is gone. */
export function forcedPasswordResetMail(to: string, link: string) {
  return {
    to,
    subject: 'Choose a new Coinfall password',
    text: [
      'To keep your Coinfall account safe, our team has reset its password and signed you out',
      'everywhere. Your old password no longer works.',
      '',
      'Choose a new password here (the link works once, for one hour; after that, use',
      '"Forgot password" on the sign-in form):',
      link,
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, link: string) {
  return {
    to,
    subject: 'Reset your Coinfall password',
    text: [
      'Someone asked to reset the password of your Coinfall account.',
      '',
      `Choose a new password here (the link works once, for one hour):`,
      link,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

export function emailConfirmationMail(to: string, link: string) {
  return {
    to,
    subject: 'Confirm your email address',
    text: [
      'Welcome to Coinfall!',
      '',
      'Confirm your email address by opening this link (it works once, for 48 hours):',
      link,
    ].join('\n'),
  };
}
