import { useEffect, useState } from 'react';
import { formatMessage } from '../i18n/i18n';
import { Icon } from '../ui/icon';
import { Popover, PopoverClose } from '../ui/popover';
import { SmartLink } from '../ui/smart-link';
import { useRootData } from '../lib/root-data';
import { ALERTS_CHANGED_EVENT, type StoredAlert } from '@coinfall/shared';
import { markAllAlertsRead, readStoredAlerts } from '../features/alerts/alert-store';
import { useShellText } from '../i18n/texts';

/**
 * The stored notifications (written by features/alerts), kept in sync with this tab (its
 * change event) and other tabs (the storage event).
 */
function useStoredAlerts(): StoredAlert[] {
  const [alerts, setAlerts] = useState<StoredAlert[]>([]);
  useEffect(() => {
    const refresh = () => setAlerts(readStoredAlerts());
    refresh();
    window.addEventListener('storage', refresh);
    window.addEventListener(ALERTS_CHANGED_EVENT, refresh);
    return () => {
      window.removeEventListener('storage', refresh);
      window.removeEventListener(ALERTS_CHANGED_EVENT, refresh);
    };
  }, []);
  return alerts;
}

function formatTime(dt: string): string {
  const date = new Date(dt);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function isoTime(dt: string): string | undefined {
  const date = new Date(dt);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Notifications are about bonuses and payments, so the bell is shown to players only. */
export function NotificationPopover() {
  const { isAuthenticated } = useRootData();
  return isAuthenticated ? <NotificationBell /> : null;
}

function NotificationBell() {
  const t = useShellText();
  const alerts = useStoredAlerts();
  const unread = alerts.filter((a) => a.isUnread).length;
  const label =
    unread > 0 ? formatMessage(t.notificationsUnread, { count: unread }) : t.notifications;

  return (
    <Popover
      label={t.notifications}
      width="w-96"
      trigger={
        <button
          type="button"
          aria-label={label}
          className="relative grid size-10 place-items-center rounded-xl text-text hover:bg-surface-2"
        >
          <Icon name="bell" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 grid min-w-4.5 place-items-center rounded-full bg-primary px-1 text-[0.65rem] leading-4.5 font-bold text-on-primary"
            >
              {unread > 9 ? '9+' : unread}
            </span>
          ) : null}
        </button>
      }
    >
      <div className="flex items-center justify-between px-3 pt-2 pb-2">
        <h2 className="font-display text-base font-bold">{t.notifications}</h2>
        <button
          type="button"
          disabled={unread === 0}
          onClick={markAllAlertsRead}
          className="rounded-lg px-2 py-1 text-xs font-semibold text-accent hover:bg-surface-2 disabled:text-text-muted disabled:hover:bg-transparent"
        >
          {t.markAllRead}
        </button>
      </div>
      {alerts.length === 0 ? (
        <p className="px-3 pt-2 pb-5 text-sm text-text-muted">{t.notificationsEmpty}</p>
      ) : (
        <ul className="max-h-96 overflow-y-auto">
          {alerts.map((alert, i) => {
            const body = (
              <>
                <span
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${alert.isUnread ? 'bg-primary' : 'bg-transparent'}`}
                  aria-hidden="true"
                />
                <span className="min-w-0">
                  {alert.typeText ? (
                    <span className="block text-[0.7rem] font-semibold tracking-wider text-accent uppercase">
                      {alert.typeText}
                    </span>
                  ) : null}
                  <span className="block text-sm font-semibold text-text">{alert.title}</span>
                  <span className="block text-sm text-text-muted">{alert.description}</span>
                  <time
                    className="mt-0.5 block text-xs text-text-muted"
                    dateTime={isoTime(alert.dt)}
                  >
                    {formatTime(alert.dt)}
                  </time>
                </span>
              </>
            );
            const row = 'flex gap-3 rounded-xl px-3 py-2.5 hover:bg-surface-2';
            return (
              <li key={`${alert.alertKey}-${alert.dt}-${i}`}>
                {alert.url ? (
                  <PopoverClose asChild>
                    <SmartLink url={alert.url} className={row}>
                      {body}
                    </SmartLink>
                  </PopoverClose>
                ) : (
                  <div className={row}>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Popover>
  );
}
