// zod/mini: the browser parses stored alerts on every page, and full zod would add ~27 KB gzip.
import * as z from 'zod/mini';
import { ALERT_KEYS, ALERT_TYPES } from './alert-keys.ts';

/**
 * Alerts kept in the browser's local storage for the notification popover (spec §3 "Stored
 * alert"). Shared so the alert writer and the popover reader agree on one shape.
 */
export const STORED_ALERTS_STORAGE_KEY = 'alerts';
/** Dispatched on window after every change of the stored list. */
export const ALERTS_CHANGED_EVENT = 'coinfall:alerts-changed';
/** Newest first; older ones fall off so the storage never grows without bound. */
export const STORED_ALERTS_CAP = 50;

export const storedAlertSchema = z.object({
  type: z.enum(ALERT_TYPES),
  title: z.string(),
  description: z.string(),
  typeText: z.string(),
  /** In-site path the alert links to, or '' for none. */
  url: z.string(),
  icon: z.string(),
  /** When it was raised, ISO 8601. */
  dt: z.string(),
  isUnread: z.boolean(),
  alertKey: z.enum(ALERT_KEYS),
  /**
   * Raised just before a document load (account removed): shown as a toast on the next page,
   * then taken out of the list. Absent on every other alert (and on lists stored before it).
   */
  showOnce: z.optional(z.boolean()),
});
export type StoredAlert = z.infer<typeof storedAlertSchema>;
