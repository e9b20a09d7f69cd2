import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import { UNKEYED_MODALS, type UnkeyedModalName } from '@coinfall/shared';
import { useMessages } from '../../i18n/i18n.tsx';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { useRootData } from '../../lib/root-data.ts';
import { ProfileForm } from '../../features/profile/components/profile-form.tsx';
import { useModalEntry } from '../../ui/modal/modal-entry.ts';
import { ModalFrame, PRIMARY_BUTTON } from '../../ui/modal/modal-frame.tsx';
import { modalNameForKey } from '../../lib/modals/modal-query.fns.ts';
import { useModals } from '../../lib/modals/use-modals.ts';

const isUnkeyedModal = (name: string): name is UnkeyedModalName =>
  (UNKEYED_MODALS as readonly string[]).includes(name);

/**
 * The fields a complete profile needs (spec §3), asked before buying or redeeming (spec §6):
 * the same form as /profile/info. Once the profile is complete it goes on to the modal it was
 * opened for (backTo), or closes.
 */
export default function ProfileModal() {
  const t = useMessages(modalMessages);
  const { isAuthenticated } = useRootData();
  const { close, searchParams } = useModalEntry();
  const modals = useModals();
  const backTo = searchParams.get('backTo');

  const onSaved = (profile: PlayerProfile) => {
    if (!profile.isComplete) return;
    const keyed = backTo ? modalNameForKey(backTo) : undefined;
    if (backTo && keyed && backTo !== 'profile') {
      modals.openKeyed(backTo as Parameters<typeof modals.openKeyed>[0]);
    } else if (backTo && isUnkeyedModal(backTo)) {
      close();
      modals.open(backTo);
    } else close();
  };

  return (
    <ModalFrame title={t.profileTitle} description={t.profileDescription}>
      {isAuthenticated ? (
        <ProfileForm onSaved={onSaved} submitLabel={t.profileSubmit} />
      ) : (
        // The profile is a player's: a guest signs in first and comes back here.
        <button
          type="button"
          className={`${PRIMARY_BUTTON} w-full`}
          onClick={() => modals.openKeyed('sign-in', { params: { backTo: 'profile' } })}
        >
          {t.signInSubmit}
        </button>
      )}
    </ModalFrame>
  );
}
