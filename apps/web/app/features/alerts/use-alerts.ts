import type { AlertKey, AlertsContent } from '@coinfall/shared';
import { formatMessage, useLocalizedPath, useMessages } from '../../i18n/i18n.tsx';
import { alertMessages } from '../../i18n/messages/alerts.ts';
import { useRootData } from '../../lib/root-data.ts';
import { alertPath, type AlertLinkParams } from './alert-links.fns.ts';
import { alertQueueStore, readStoredAlerts, storeAlert } from './alert-store.ts';
import { isStoredAlertKey, uniqueAlertTime } from './stored-alerts.fns.ts';

/** Values for the content's {sum}, {date}… placeholders, plus where the alert leads. */
export type AlertParams = AlertLinkParams & Record<string, string | number | undefined>;

export interface AlertsApi {
  /** Shows the alert of `alertKey` with texts from the alerts content; stores notifications. */
  push: (alertKey: AlertKey, params?: AlertParams) => void;
}

export function useAlerts(): AlertsApi {
  const { content } = useRootData();
  const t = useMessages(alertMessages);
  const localize = useLocalizedPath();
  return {
    push(alertKey, params = {}) {
      const values = Object.fromEntries(
        Object.entries(params).filter(
          (entry): entry is [string, string | number] => entry[1] !== undefined,
        ),
      );
      // Content may lag behind the key list; a missing text still shows a titled toast.
      const text = (content.alerts as Partial<AlertsContent>)[alertKey];
      const path = alertPath(alertKey, params);
      const message = {
        alertKey,
        type: text?.type ?? 'info',
        title: formatMessage(text?.title ?? t.fallbackTitle, values),
        description: formatMessage(text?.description ?? '', values),
        typeText: text?.typeText,
        icon: text?.icon,
        url: path ? localize(path) : undefined,
      };
      alertQueueStore.push(message);
      if (isStoredAlertKey(alertKey)) {
        storeAlert({
          ...message,
          typeText: message.typeText ?? '',
          icon: message.icon ?? '',
          url: message.url ?? '',
          dt: uniqueAlertTime(readStoredAlerts(), Date.now()),
          isUnread: true,
        });
      }
    },
  };
}
