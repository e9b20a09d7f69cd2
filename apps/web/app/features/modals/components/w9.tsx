import { useMessages } from '../../../i18n/i18n.tsx';
import { modalMessages } from '../../../i18n/messages/modals.ts';
import { EmptyStateModal } from '../modal-frame.tsx';

export default function W9Modal() {
  const t = useMessages(modalMessages);
  return <EmptyStateModal title={t.w9Title} description={t.w9Description} empty={t.w9Empty} />;
}
