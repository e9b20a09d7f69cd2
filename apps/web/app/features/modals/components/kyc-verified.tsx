import { useMessages } from '../../../i18n/i18n.tsx';
import { modalMessages } from '../../../i18n/messages/modals.ts';
import { useModalEntry } from '../modal-entry.ts';
import { ModalActions, ModalFrame, PRIMARY_BUTTON } from '../modal-frame.tsx';

/** Shown when the KYC socket event reports a verified identity (spec §4). */
export default function KycVerifiedModal() {
  const { close } = useModalEntry();
  const t = useMessages(modalMessages);
  return (
    <ModalFrame title={t.kycVerifiedTitle} description={t.kycVerifiedDescription}>
      <div
        aria-hidden
        className="mx-auto my-2 grid size-14 place-items-center rounded-full bg-emerald-500/15 text-3xl text-emerald-400"
      >
        ✓
      </div>
      <ModalActions>
        <button type="button" className={PRIMARY_BUTTON} onClick={close}>
          {t.ok}
        </button>
      </ModalActions>
    </ModalFrame>
  );
}
