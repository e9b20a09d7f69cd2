import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import type { ModalQueryKey } from '@coinfall/shared/modals';

/** Terms not accepted yet: the nickname form, with an email field when there is no email. */
export function termsModal(profile: Pick<PlayerProfile, 'email'>): ModalQueryKey {
  return profile.email ? 'user-name' : 'user-name-email';
}

/**
 * Spec §4 "Startup": a logged-in player whose profile says agreedTc false is asked for the terms
 * (user-name, or user-name-email without an email). Never over a keyed modal already open (a
 * shared link, the login flow's own next modal).
 */
export function startupModal(
  profile: Pick<PlayerProfile, 'agreedTc' | 'email'>,
  keyedModalOpen: boolean,
): ModalQueryKey | undefined {
  if (profile.agreedTc || keyedModalOpen) return undefined;
  return termsModal(profile);
}
