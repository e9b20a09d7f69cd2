import type { ApiFailure } from '../lib/api/api-error';
import { sessionFailureOf } from '../lib/session/session.fns';
import { waitText } from './format.fns';

/**
 * What a failed sign-in step shows, and whether the password step must be done again (the
 * 5-minute challenge expired or was refused). Plain words: staff need to know what happened.
 */
export interface SignInProblem {
  message: string;
  restart: boolean;
  fields?: Record<string, string>;
}

export function signInProblemOf(failure: ApiFailure, step: 'password' | 'code'): SignInProblem {
  if (failure.code === 'STAFF_UNAUTHENTICATED')
    return {
      message: failure.message || 'The sign-in expired: enter your password again.',
      restart: true,
    };
  const known = sessionFailureOf(failure);
  switch (known.kind) {
    case 'throttled':
      return {
        message: `Too many failed attempts. Try again in ${waitText(known.seconds)}.`,
        restart: false,
      };
    case 'credentials':
      return {
        message:
          step === 'password'
            ? 'Wrong email or password.'
            : 'That code is not valid, or it was used already. Wait for the next code and try again.',
        restart: false,
      };
    case 'fields':
      return { message: 'Check the marked field.', restart: false, fields: known.fields };
    // A staff account is never blocked or excluded like a player: those are someone else's.
    case 'blocked':
    case 'excluded':
    case 'unknown':
      return {
        message:
          failure.status >= 500 || failure.status === 0
            ? 'The server could not answer. Try again in a moment.'
            : failure.message || `The sign-in failed (${failure.status}).`,
        restart: false,
      };
  }
}

/** What was typed in the code field, as the second step's body: 6 digits, or a recovery code. */
export function secondFactorOf(
  typed: string,
  kind: 'totp' | 'recovery',
): { code: string } | { recoveryCode: string } | undefined {
  const compact = typed.replace(/\s+/g, '');
  if (kind === 'totp') return /^\d{6}$/.test(compact) ? { code: compact } : undefined;
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(compact) ? { recoveryCode: compact } : undefined;
}
