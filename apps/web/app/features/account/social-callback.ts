import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import type { SocialConnection, UserCheckResponse } from '@coinfall/shared/contracts/social';
import type { SessionResult } from '../../lib/session/session';
import { readApiFailure } from '../../lib/api/api-error.ts';
import { accountFailureOf, type SocialSignup } from './api-failure.fns';
import type { CallbackQuery } from './social-login.fns';
import { trackSessionOpened } from '../analytics/session-events.ts';

/** Where the callback page goes from here. */
export type CallbackOutcome =
  | { kind: 'loggedIn'; profile: PlayerProfile }
  | { kind: 'signupRequired'; signup: SocialSignup }
  | { kind: 'accountRemoved' }
  /** Spec §4: a blocked player goes to /blocked. */
  | { kind: 'blocked' }
  /** passwordReset: staff reset the password; the mailed link sets a new one first. */
  | { kind: 'failed'; reason: 'provider' | 'exchange' | 'passwordReset' }
  | { kind: 'throttled'; seconds: number };

export interface CallbackDeps {
  loginWithSocial: (args: {
    connection: SocialConnection;
    code: string;
    state: string;
  }) => Promise<SessionResult>;
  /** POST /api/users/check; null when the check failed (spec §8). */
  checkAccount: () => Promise<UserCheckResponse | null>;
}

/**
 * The provider's answer, exchanged for a session (spec §7 sessions/social), then the removal
 * check of spec §4. A check that fails (null) does not hold the player out: only a removal does.
 */
export async function completeSocialLogin(
  connection: SocialConnection,
  query: CallbackQuery,
  deps: CallbackDeps,
): Promise<CallbackOutcome> {
  if (query.kind === 'providerError') return { kind: 'failed', reason: 'provider' };
  if (query.kind === 'malformed') return { kind: 'failed', reason: 'exchange' };
  const result = await deps.loginWithSocial({ connection, code: query.code, state: query.state });
  if (!result.ok) {
    if (result.failure.kind === 'blocked') return { kind: 'blocked' };
    if (result.error?.code === 'PASSWORD_RESET_REQUIRED') {
      return { kind: 'failed', reason: 'passwordReset' };
    }
    const failure = accountFailureOf(result.error ?? readApiFailure(0, null));
    switch (failure.kind) {
      case 'socialSignupRequired':
        return { kind: 'signupRequired', signup: failure.signup };
      case 'accountRemoved':
        return { kind: 'accountRemoved' };
      case 'throttled':
        return { kind: 'throttled', seconds: failure.seconds };
      case 'invalidCode':
      case 'fields':
      case 'unknown':
        return { kind: 'failed', reason: 'exchange' };
    }
  }
  const check = await deps.checkAccount();
  if (check?.removed) return { kind: 'accountRemoved' };
  trackSessionOpened(result.session.profile, { registered: false, method: connection });
  return { kind: 'loggedIn', profile: result.session.profile };
}

const runs = new Map<string, Promise<CallbackOutcome>>();

/** Once per provider code in this tab: the code is single-use, a second exchange would fail. */
export function completeSocialLoginOnce(
  connection: SocialConnection,
  query: CallbackQuery,
  deps: CallbackDeps,
): Promise<CallbackOutcome> {
  const key = query.kind === 'exchange' ? `${connection}\n${query.code}` : undefined;
  if (!key) return completeSocialLogin(connection, query, deps);
  let run = runs.get(key);
  if (!run) {
    run = completeSocialLogin(connection, query, deps);
    runs.set(key, run);
  }
  return run;
}
