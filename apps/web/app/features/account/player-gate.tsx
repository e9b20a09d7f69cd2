import type { ReactNode } from 'react';
import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import { useMessages } from '../../i18n/i18n.tsx';
import { accountMessages } from '../../i18n/messages/account.ts';
import { useRootData } from '../../lib/root-data.ts';
import { ModalActions, ModalFrame, PRIMARY_BUTTON } from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';
import { useProfile } from '../../lib/query/player-queries';
import { FormAlert, StatusNote } from './account-ui.tsx';

interface PlayerGateProps {
  title: string;
  description: string;
  /** Rendered with the loaded profile. */
  children: (profile: PlayerProfile) => ReactNode;
}

/**
 * For account modals that need the player: a guest (a shared or stale link) is offered sign-in
 * instead of a request the API would answer with 401, which the global handler turns into /403.
 */
export function PlayerGate(props: PlayerGateProps) {
  const { isAuthenticated } = useRootData();
  return isAuthenticated ? <LoadedProfile {...props} /> : <SignInFirst {...props} />;
}

function SignInFirst({ title, description }: PlayerGateProps) {
  const a = useMessages(accountMessages);
  const modals = useModals();
  return (
    <ModalFrame title={title} description={description}>
      <p className="text-sm text-text-muted">{a.signInToContinue}</p>
      <ModalActions>
        <button
          type="button"
          className={PRIMARY_BUTTON}
          onClick={() => modals.openKeyed('sign-in')}
        >
          {a.signIn}
        </button>
      </ModalActions>
    </ModalFrame>
  );
}

function LoadedProfile({ title, description, children }: PlayerGateProps) {
  const a = useMessages(accountMessages);
  const profile = useProfile();
  if (profile.data) return children(profile.data);
  return (
    <ModalFrame title={title} description={description}>
      {profile.isError ? (
        <FormAlert>{a.profileFailed}</FormAlert>
      ) : (
        <div aria-busy="true">
          <StatusNote>{a.profileLoading}</StatusNote>
        </div>
      )}
    </ModalFrame>
  );
}
