import { useMessages } from '../../i18n/i18n.tsx';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { EmptyStateModal } from '../../ui/modal/modal-frame.tsx';

export default function ReceiveBonusModal() {
  const t = useMessages(modalMessages);
  return (
    <EmptyStateModal
      title={t.receiveBonusTitle}
      description={t.receiveBonusDescription}
      empty={t.receiveBonusEmpty}
    />
  );
}
