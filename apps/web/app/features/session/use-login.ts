import { useNavigate, useRevalidator } from 'react-router';
import type { ModalQueryKey } from '@coinfall/shared/modals';
import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import { formatMessage, useLocalizedPath, useMessages } from '../../i18n/i18n.tsx';
import { modalMessages } from '../../i18n/messages/modals.ts';
import type { SubmitProblems } from '../../ui/form/account-form.tsx';
import { useModalEntry } from '../../ui/modal/modal-entry.ts';
import { modalNameForKey } from '../../lib/modals/modal-query.fns.ts';
import { termsModal } from '../profile/startup-modal.fns.ts';
import { useModals } from '../../lib/modals/use-modals.ts';
import { useAlerts } from '../alerts/use-alerts.ts';
import type { SessionResult } from '../../lib/session/session';
import { excludedPath } from '../../lib/session/session.fns.ts';
import { useRootData } from '../../lib/root-data.ts';
import { trackSessionOpened } from '../analytics/session-events.ts';

/** Modals a backTo may not lead to after a login: the account modals themselves. */
const NOT_BACK_TO: ReadonlySet<string> = new Set([
  'sign-in',
  'sign-up',
  'forgot-pass',
  'reset-pass',
]);

/** The modal to show after a login or registration (spec §4 "Login flow"), or none. */
export function modalAfterLogin(
  profile: Pick<PlayerProfile, 'agreedTc' | 'email'>,
  registered: boolean,
  backTo: string | null,
): ModalQueryKey | undefined {
  if (!profile.agreedTc) return termsModal(profile);
  if (registered) return 'verify-bonus';
  if (backTo && !NOT_BACK_TO.has(backTo) && modalNameForKey(backTo)) return backTo as ModalQueryKey;
  return undefined;
}

/**
 * For the sign-in and sign-up modals: turns a session answer into what the form shows, or on
 * success (the cookie is already set) reloads the root data so the shell sees the player as
 * logged in, then moves on to the next modal or closes. A blocked account goes to /blocked.
 */
export function useSessionForm(
  registered: boolean,
  fieldNames: readonly string[],
  method = 'email',
) {
  const { growth } = useRootData();
  const t = useMessages(modalMessages);
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const modals = useModals();
  const alerts = useAlerts();
  const { close, searchParams } = useModalEntry();

  return async (result: SessionResult): Promise<SubmitProblems | undefined> => {
    if (result.ok) {
      trackSessionOpened(result.session.profile, { registered, method }, growth?.affiliatePixel);
      const next = modalAfterLogin(result.session.profile, registered, searchParams.get('backTo'));
      // isAuthenticated comes from the root data. The modal change below reloads it too (the
      // `modal` parameter is not a tracking one), but shouldRevalidateIgnoringTracking turns
      // down a plain revalidate() today (same URL): both, so neither alone is relied on. The
      // revalidation goes first, as one asked for during a navigation is folded into it.
      await revalidator.revalidate();
      // Spec §8: a new account raises successRegistration (a toast, kept in the bell).
      if (registered) alerts.push('successRegistration');
      if (next) modals.openKeyed(next);
      else close();
      return undefined;
    }
    const { failure } = result;
    switch (failure.kind) {
      case 'credentials':
        return { formError: t.signInInvalid };
      case 'fields': {
        // A problem with something the form does not show (device…) still needs saying.
        const hidden = Object.keys(failure.fields).some((name) => !fieldNames.includes(name));
        return { fieldErrors: failure.fields, formError: hidden ? t.formFailed : undefined };
      }
      case 'throttled':
        return { formError: formatMessage(t.tooManyAttempts, { seconds: failure.seconds }) };
      case 'blocked':
        // Spec §4: a blocked player goes to /blocked, which says why and what to do; the new
        // path drops the modal's query, so the form closes with it.
        await navigate(localize('/blocked'), { replace: true });
        return {};
      case 'excluded':
        // Issue 16: on a break or self-excluded, the login shows only the end date (/excluded).
        await navigate(localize(excludedPath(failure.endsAt)), { replace: true });
        return {};
      case 'unknown':
        return { formError: t.formFailed };
    }
  };
}
