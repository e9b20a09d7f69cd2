import { useMessages } from '../../../i18n/i18n.tsx';
import { modalMessages } from '../../../i18n/messages/modals.ts';
import { stringProp, useModalEntry } from '../modal-entry.ts';
import { ModalFrame, ModalOkAction, SuccessMark } from '../modal-frame.tsx';

/** Generic success message; callers may pass `title` and `description` props. */
export default function SuccessModal() {
  const { entry } = useModalEntry();
  const t = useMessages(modalMessages);
  return (
    <ModalFrame
      title={stringProp(entry, 'title') ?? t.successTitle}
      description={stringProp(entry, 'description') ?? t.successDescription}
    >
      <SuccessMark />
      <ModalOkAction />
    </ModalFrame>
  );
}
