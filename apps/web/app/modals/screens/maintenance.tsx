import { useMessages } from '../../i18n/i18n.tsx';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { ModalFrame, ModalOkAction } from '../../ui/modal/modal-frame.tsx';

export default function MaintenanceModal() {
  const t = useMessages(modalMessages);
  return (
    <ModalFrame title={t.maintenanceTitle} description={t.maintenanceDescription}>
      <div aria-hidden className="my-2 text-center text-4xl">
        🛠️
      </div>
      <ModalOkAction />
    </ModalFrame>
  );
}
