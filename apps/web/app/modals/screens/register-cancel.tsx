import { useMessages } from '../../i18n/i18n.tsx';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { callbackProp, useModalEntry } from '../../ui/modal/modal-entry.ts';
import {
  ModalActions,
  ModalFrame,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
} from '../../ui/modal/modal-frame.tsx';

/** Asked when a started sign-up is dismissed. Prop: onLeave (closes the sign-up). */
export default function RegisterCancelModal() {
  const { entry, close } = useModalEntry();
  const t = useMessages(modalMessages);
  const onLeave = callbackProp(entry, 'onLeave');
  return (
    <ModalFrame title={t.registerCancelTitle} description={t.registerCancelDescription}>
      <ModalActions>
        <button
          type="button"
          className={SECONDARY_BUTTON}
          onClick={() => {
            close();
            onLeave?.();
          }}
        >
          {t.registerCancelLeave}
        </button>
        <button type="button" className={PRIMARY_BUTTON} onClick={close}>
          {t.registerCancelKeep}
        </button>
      </ModalActions>
    </ModalFrame>
  );
}
