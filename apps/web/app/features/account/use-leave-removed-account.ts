import type { AlertsContent } from '@coinfall/shared';
import { useLocalizedPath, useMessages } from '../../i18n/i18n.tsx';
import { alertMessages } from '../../i18n/messages/alerts.ts';
import { useRootData } from '../../lib/root-data.ts';
import { readStoredAlerts, storeAlert } from '../alerts/alert-store.ts';
import { uniqueAlertTime } from '../alerts/stored-alerts.fns.ts';
import { clearPlayerData } from '../../lib/query/player-queries';
import { logout } from '../../lib/session/session';

/**
 * Spec §4: a removed account is logged out with the accountRemoved alert. The alert is stored
 * to show once (the document load below drops the toast queue; AlertHost shows it on home),
 * then home loads afresh, which resets every piece of player state at once, as useLogout() does.
 */
export function useLeaveRemovedAccount(): () => Promise<void> {
  const { content } = useRootData();
  const t = useMessages(alertMessages);
  const localize = useLocalizedPath();
  return async () => {
    const text = (content.alerts as Partial<AlertsContent>).accountRemoved;
    storeAlert({
      alertKey: 'accountRemoved',
      type: text?.type ?? 'info',
      title: text?.title ?? t.fallbackTitle,
      description: text?.description ?? '',
      typeText: text?.typeText ?? '',
      icon: text?.icon ?? '',
      url: '',
      dt: uniqueAlertTime(readStoredAlerts(), Date.now()),
      isUnread: true,
      // The player is a guest after the reload: no popover, so the next page shows it as a toast.
      showOnce: true,
    });
    // The session is already gone on the server; logout() ignores that answer and drops the cookie.
    await logout();
    clearPlayerData();
    window.location.assign(localize('/'));
  };
}
