import { useMessages } from '../../../i18n/i18n.tsx';
import { modalMessages } from '../../../i18n/messages/modals.ts';
import { useModalEntry } from '../modal-entry.ts';
import { ModalActions, ModalFrame, PRIMARY_BUTTON } from '../modal-frame.tsx';

export default function MaintenanceModal() {
  const { close } = useModalEntry();
  const t = useMessages(modalMessages);
  return (
    <ModalFrame title={t.maintenanceTitle} description={t.maintenanceDescription}>
      <div aria-hidden className="my-2 text-center text-4xl">
        🛠️
      </div>
      <ModalActions>
        <button type="button" className={PRIMARY_BUTTON} onClick={close}>
          {t.ok}
        </button>
      </ModalActions>
    </ModalFrame>
  );
}
