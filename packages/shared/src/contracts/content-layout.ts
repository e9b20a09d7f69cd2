import { z } from 'zod';
import {
  NOT_BLANK,
  contentTextSchema,
  contentTemplateSchema,
  contentUrlSchema,
  slugSchema,
  strictGroup,
} from './content-base.ts';
import { ALERT_KEYS, ALERT_TYPES, type AlertKey } from '../alert-keys.ts';

// ---------------------------------------------------------------------------------------------
// main-layout: header and drawer navigation, footer links

export const navItemSchema = z.strictObject({
  id: slugSchema,
  label: contentTextSchema,
  url: contentUrlSchema,
  icon: slugSchema.optional(),
  loginRequired: z.boolean().optional(),
});
export const mainLayoutSchema = z.strictObject({
  header: z.array(navItemSchema),
  drawer: z.array(
    z.strictObject({
      id: slugSchema.optional(),
      title: contentTextSchema.optional(),
      items: z.array(navItemSchema).min(1),
    }),
  ),
  footer: z.strictObject({
    columns: z.array(
      z.strictObject({ title: contentTextSchema, items: z.array(navItemSchema).min(1) }),
    ),
    legal: contentTemplateSchema(['year']),
  }),
});
export type MainLayoutContent = z.infer<typeof mainLayoutSchema>;
export type NavItem = z.infer<typeof navItemSchema>;

// ---------------------------------------------------------------------------------------------
// alerts: title/description per alert key of spec §8

export { ALERT_KEYS, ALERT_TYPES, type AlertKey, type AlertType } from '../alert-keys.ts';

/** Placeholders the client fills in per alert; every other alert is plain text. */
export const ALERT_PLACEHOLDERS: Partial<Record<AlertKey, readonly string[]>> = {
  depositSuccess: ['sum', 'date'],
  depositError: ['sum', 'date'],
  purchaseSuccess: ['sum', 'date'],
  winner: ['nickname', 'amount', 'game'],
  questCompleted: ['quest'],
  questAwarded: ['quest'],
  levelUp: ['level'],
};
export const alertTextSchema = z.strictObject({
  type: z.enum(ALERT_TYPES),
  title: z.string().regex(NOT_BLANK),
  description: z.string().regex(NOT_BLANK),
  typeText: contentTextSchema.optional(),
  icon: slugSchema.optional(),
});
function alertSchemaFor(key: AlertKey) {
  const allowed = ALERT_PLACEHOLDERS[key] ?? [];
  return alertTextSchema.extend({
    title: contentTemplateSchema(allowed),
    description: contentTemplateSchema(allowed, allowed),
  });
}
export const alertsSchema = strictGroup(ALERT_KEYS, alertSchemaFor);
export type AlertsContent = z.infer<typeof alertsSchema>;
