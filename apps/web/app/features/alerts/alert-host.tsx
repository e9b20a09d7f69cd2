import { useEffect, type FocusEvent } from 'react';
import { Link } from 'react-router';
import { ALERT_ANIMATION_SPEED_MS } from '@coinfall/shared';
import { useMessages } from '../../i18n/i18n.tsx';
import { alertMessages } from '../../i18n/messages/alerts.ts';
import { nextAlertWakeUp, type AlertType, type ShownAlert } from './alert-queue.fns.ts';
import { alertQueueStore, showStoredOnceAlerts, useAlertQueue } from './alert-store.ts';

/**
 * Clicks on toasts must not count as "outside" an open modal. The attribute is the one
 * ui/modal.tsx ignores; written out here so the toast region does not pull the dialog code
 * into every page.
 */
const MODAL_IGNORE_OUTSIDE = { 'data-modal-ignore-outside': '' };

const ACCENT: Record<AlertType, string> = {
  success: 'border-l-success',
  error: 'border-l-danger',
  info: 'border-l-text-muted',
  warning: 'border-l-accent',
};

/**
 * The toast region. One timer, set to the queue's next wake-up, moves it along; hovering or
 * focusing the region holds every toast until the pointer and focus have left.
 */
export function AlertHost() {
  const queue = useAlertQueue();
  const t = useMessages(alertMessages);

  // Alerts raised just before a document load (account removed) show once, here, for anyone.
  useEffect(() => showStoredOnceAlerts(), []);

  useEffect(() => {
    const wait = nextAlertWakeUp(queue, Date.now());
    if (wait === undefined) return;
    const timer = window.setTimeout(() => alertQueueStore.advance(), wait);
    return () => window.clearTimeout(timer);
  }, [queue]);

  const resumeUnlessHeld = (region: HTMLElement, focusMovingTo: EventTarget | null) => {
    const focusInside =
      focusMovingTo instanceof Node
        ? region.contains(focusMovingTo)
        : region.contains(document.activeElement);
    if (!focusInside && !region.matches(':hover')) alertQueueStore.resume();
  };

  return (
    <section
      aria-label={t.regionLabel}
      {...MODAL_IGNORE_OUTSIDE}
      className="pointer-events-none fixed inset-x-4 top-4 z-[3000] flex justify-end"
      onMouseEnter={() => alertQueueStore.pause()}
      onMouseLeave={(event) => resumeUnlessHeld(event.currentTarget, null)}
      onFocus={() => alertQueueStore.pause()}
      onBlur={(event: FocusEvent<HTMLElement>) =>
        resumeUnlessHeld(event.currentTarget, event.relatedTarget)
      }
    >
      <div role="status" aria-live="polite" className="flex w-full flex-col gap-2 sm:w-96">
        {queue.shown.map((alert) => (
          <Toast key={alert.id} alert={alert} viewLabel={t.view} dismissLabel={t.dismiss} />
        ))}
      </div>
    </section>
  );
}

function Toast({
  alert,
  viewLabel,
  dismissLabel,
}: {
  alert: ShownAlert;
  viewLabel: string;
  dismissLabel: string;
}) {
  const dismiss = () => alertQueueStore.dismiss(alert.id);
  return (
    <div
      data-alert-key={alert.alertKey}
      data-phase={alert.phase}
      style={{ transitionDuration: `${ALERT_ANIMATION_SPEED_MS}ms` }}
      className={`pointer-events-auto flex gap-3 rounded-xl border border-l-4 border-border-strong bg-surface/95 p-4 text-text shadow-xl transition-[opacity,translate] starting:-translate-y-2 starting:opacity-0 ${ACCENT[alert.type]} ${alert.phase === 'leaving' ? 'translate-x-4 opacity-0' : ''}`}
    >
      <div className="min-w-0 flex-1">
        {alert.typeText && (
          <p className="text-xs font-medium tracking-wide text-text-muted uppercase">
            {alert.typeText}
          </p>
        )}
        <p className="font-semibold">{alert.title}</p>
        {alert.description && <p className="mt-1 text-sm text-text-muted">{alert.description}</p>}
        {alert.url && (
          <Link
            to={alert.url}
            onClick={dismiss}
            className="mt-2 inline-block text-sm font-medium text-accent hover:underline"
          >
            {viewLabel}
          </Link>
        )}
      </div>
      <button
        type="button"
        aria-label={dismissLabel}
        onClick={dismiss}
        className="grid size-8 shrink-0 place-items-center rounded-full text-lg text-text-muted hover:bg-surface-2 hover:text-text"
      >
        <span aria-hidden>×</span>
      </button>
    </div>
  );
}
