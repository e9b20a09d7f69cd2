import { useMessages } from '../../../i18n/i18n.tsx';
import { modalMessages } from '../../../i18n/messages/modals.ts';
import { EmptyStateModal } from '../modal-frame.tsx';

export default function CardInfoModal() {
  const t = useMessages(modalMessages);
  return (
    <EmptyStateModal
      title={t.cardInfoTitle}
      description={t.cardInfoDescription}
      empty={t.cardInfoEmpty}
    />
  );
}
