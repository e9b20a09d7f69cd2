import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import { useModalEntry } from '../../ui/modal/modal-entry.ts';
import { useModals } from '../../lib/modals/use-modals.ts';
import { modalAfterLogin } from '../session/use-login.ts';

/** After the terms are accepted, the login flow goes on (spec §4): verify-bonus, backTo, or close. */
export function useTermsAccepted() {
  const modals = useModals();
  const { close, searchParams } = useModalEntry();
  return (updated: PlayerProfile, newlyRegistered: boolean) => {
    const next = modalAfterLogin(updated, newlyRegistered, searchParams.get('backTo'));
    if (next) modals.openKeyed(next);
    else close();
  };
}
