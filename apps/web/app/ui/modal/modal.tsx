import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { TOUCH_TAP_TOLERANCE_PX } from '@coinfall/shared';
import { swipeCloses, swipeOffset } from './swipe.fns.ts';

/** Elements marked with this attribute (e.g. the toast region) never count as "outside". */
export const IGNORE_OUTSIDE_ATTRIBUTE = 'data-modal-ignore-outside';

export interface ModalProps {
  /** Accessible name of the dialog (Dialog.Title). */
  title: ReactNode;
  /** Accessible description (Dialog.Description). */
  description: ReactNode;
  children?: ReactNode;
  /** Called for Escape, the close button, an allowed outside click or a closing swipe. */
  onClose: () => void;
  /** From the modal stack: the overlay takes it, the panel the step above. */
  zIndex: number;
  /** Exposed as data-modal-key for tests and analytics. */
  modalKey: string;
  closeOnOutsideClick: boolean;
  closeOnSwipe: boolean;
  /** aria-label of the × button. */
  closeLabel: string;
}

interface Drag {
  pointerId: number;
  startY: number;
  startedAt: number;
  size: number;
  captured: boolean;
}

function isIgnoredTarget(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(`[${IGNORE_OUTSIDE_ATTRIBUTE}]`) !== null;
}

/**
 * The dialog every modal renders: a bottom sheet on small screens, a centred panel from `sm`.
 * Radix gives the focus trap, focus return to the opener, Escape, aria-modal and scroll lock.
 * Dragging the sheet's top bar down closes it by the swipe rule of swipe.fns.ts; the bar alone
 * is the drag zone, so scrolling a long form inside the sheet is never mistaken for a swipe.
 */
export function Modal({
  title,
  description,
  children,
  onClose,
  zIndex,
  modalKey,
  closeOnOutsideClick,
  closeOnSwipe,
  closeLabel,
}: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const [offset, setOffset] = useState(0);
  // Radix returns focus to a Dialog.Trigger, and our modals open from links, buttons and the
  // URL instead; so remember what had focus when the modal appeared and return focus there.
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : document.activeElement,
  );

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!closeOnSwipe || event.button !== 0) return;
    drag.current = {
      pointerId: event.pointerId,
      startY: event.clientY,
      startedAt: event.timeStamp,
      size: panelRef.current?.getBoundingClientRect().height ?? 0,
      captured: false,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const distance = event.clientY - current.startY;
    // Capture only once it is clearly a drag, so a tap still clicks what is under the finger.
    if (!current.captured && Math.abs(distance) > TOUCH_TAP_TOLERANCE_PX) {
      event.currentTarget.setPointerCapture(event.pointerId);
      current.captured = true;
    }
    if (current.captured) setOffset(swipeOffset(distance));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setOffset(0);
    const gesture = {
      distance: event.clientY - current.startY,
      durationMs: event.timeStamp - current.startedAt,
      size: current.size,
    };
    if (!cancelled && current.captured && swipeCloses(gesture)) onClose();
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 bg-black/60 backdrop-blur-sm" style={{ zIndex }} />
        <Dialog.Content
          ref={panelRef}
          data-modal-key={modalKey}
          style={{
            zIndex: zIndex + 1,
            transform: offset ? `translateY(${offset}px)` : undefined,
            transition: offset ? 'none' : 'transform 200ms ease-out',
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
          }}
          onPointerDownOutside={(event) => {
            if (!closeOnOutsideClick || isIgnoredTarget(event.target)) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (!closeOnOutsideClick || isIgnoredTarget(event.target)) event.preventDefault();
          }}
          className="fixed inset-x-0 bottom-0 flex max-h-[92dvh] flex-col overflow-hidden rounded-t-2xl bg-surface text-text shadow-2xl outline-none sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
        >
          <div
            className={`shrink-0 px-6 pt-3 pb-2 select-none ${closeOnSwipe ? 'cursor-grab touch-none' : ''}`}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={(event) => onPointerEnd(event, false)}
            onPointerCancel={(event) => onPointerEnd(event, true)}
          >
            <div
              aria-hidden
              className="mx-auto mb-3 h-1 w-10 rounded-full bg-border-strong sm:hidden"
            />
            <Dialog.Title className="pr-10 text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-text-muted">
              {description}
            </Dialog.Description>
          </div>
          <div className="min-h-0 overflow-y-auto px-6 pt-2 pb-6">{children}</div>
          <Dialog.Close
            aria-label={closeLabel}
            className="absolute top-3 right-3 grid size-9 place-items-center rounded-full text-xl text-text-muted hover:bg-surface-2 hover:text-text focus-visible:outline-2 focus-visible:outline-accent"
          >
            <span aria-hidden>×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
