import type { ReactNode } from 'react';
import { useMessages } from '../../i18n/i18n.tsx';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { Modal } from './modal.tsx';
import { useModalEntry } from './modal-entry.ts';

interface ModalFrameProps {
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  /** Replaces the plain close (sign-up asks before throwing a filled form away). */
  onDismiss?: () => void;
}

/** The Modal primitive wired to the entry ModalHost renders: stack z-index, registry rules. */
export function ModalFrame({ title, description, children, onDismiss }: ModalFrameProps) {
  const { definition, zIndex, modalKey, close } = useModalEntry();
  const t = useMessages(modalMessages);
  return (
    <Modal
      title={title}
      description={description}
      onClose={onDismiss ?? close}
      zIndex={zIndex}
      modalKey={modalKey}
      closeOnOutsideClick={definition.outsideClickCloses}
      closeOnSwipe={definition.swipeCloses}
      closeLabel={t.close}
    >
      {children}
    </Modal>
  );
}

/** Title + description + an honest note of what the modal will hold once its feature ships. */
export function EmptyStateModal({
  title,
  description,
  empty,
}: {
  title: string;
  description: string;
  empty: string;
}) {
  const t = useMessages(modalMessages);
  return (
    <ModalFrame title={title} description={description}>
      <div className="rounded-xl border border-dashed border-border-strong p-6 text-center">
        <p className="mb-2 inline-block rounded-full bg-surface-2 px-3 py-1 text-xs font-medium text-accent">
          {t.soonBadge}
        </p>
        <p className="text-sm text-text-muted">{empty}</p>
      </div>
      <ModalOkAction />
    </ModalFrame>
  );
}

export function ModalActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>
  );
}

export const PRIMARY_BUTTON =
  'rounded-lg bg-accent px-4 py-2.5 font-semibold text-on-accent hover:bg-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:bg-border-strong disabled:text-text-muted';
export const SECONDARY_BUTTON =
  'rounded-lg border border-border-strong px-4 py-2.5 font-semibold text-text hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';
export const LINK_BUTTON =
  'font-medium text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent';

/** The one "OK" button that closes the modal, for message-only modals. */
export function ModalOkAction() {
  const { close } = useModalEntry();
  const t = useMessages(modalMessages);
  return (
    <ModalActions>
      <button type="button" className={PRIMARY_BUTTON} onClick={close}>
        {t.ok}
      </button>
    </ModalActions>
  );
}

/** The check mark of the success-style modals. */
export function SuccessMark() {
  return (
    <div
      aria-hidden
      className="mx-auto my-2 grid size-14 place-items-center rounded-full bg-success/15 text-3xl text-success"
    >
      ✓
    </div>
  );
}
