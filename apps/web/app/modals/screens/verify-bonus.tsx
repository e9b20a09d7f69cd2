import { useMessages } from '../../i18n/i18n.tsx';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { EmptyStateModal } from '../../ui/modal/modal-frame.tsx';

export default function VerifyBonusModal() {
  const t = useMessages(modalMessages);
  return (
    <EmptyStateModal
      title={t.verifyBonusTitle}
      description={t.verifyBonusDescription}
      empty={t.verifyBonusEmpty}
    />
  );
}
