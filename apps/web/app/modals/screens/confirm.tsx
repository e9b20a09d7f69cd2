import { useMessages } from '../../i18n/i18n.tsx';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { callbackProp, stringProp, useModalEntry } from '../../ui/modal/modal-entry.ts';
import {
  ModalActions,
  ModalFrame,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
} from '../../ui/modal/modal-frame.tsx';

/**
 * Generic yes/no question. Props: title, description, confirmLabel, onConfirm. Opened from a
 * bare URL it has no action to run, so both answers simply close it.
 */
export default function ConfirmModal() {
  const { entry, close } = useModalEntry();
  const t = useMessages(modalMessages);
  const onConfirm = callbackProp(entry, 'onConfirm');
  return (
    <ModalFrame
      title={stringProp(entry, 'title') ?? t.confirmTitle}
      description={stringProp(entry, 'description') ?? t.confirmDescription}
    >
      <ModalActions>
        <button type="button" className={SECONDARY_BUTTON} onClick={close}>
          {t.cancel}
        </button>
        <button
          type="button"
          className={PRIMARY_BUTTON}
          onClick={() => {
            close();
            onConfirm?.();
          }}
        >
          {stringProp(entry, 'confirmLabel') ?? t.confirmYes}
        </button>
      </ModalActions>
    </ModalFrame>
  );
}
