import { z } from 'zod';
import { CurrencyType } from '../constants.ts';
import { LOCALES } from '../locales.ts';

/**
 * An instant sent to be stored or compared in the database: ISO 8601 with its offset, years
 * 1900–2099 (PostgreSQL refuses year 0, and a 5-digit year is no one's intent).
 */
export const dbInstantSchema = z.iso
  .datetime({ offset: true })
  .regex(/^(19|20)\d\d-/, 'A year from 1900 to 2099');

/** The body of a 204 answer, for a route's response schema. */
export const noContentSchema = z.null().describe('No content');

export const currencySchema = z.object({
  code: z.string().min(2).max(8),
  type: z.enum([CurrencyType.Fiat, CurrencyType.Crypto, CurrencyType.Virtual]),
  symbol: z.string(),
  name: z.string(),
  isEnabled: z.boolean(),
  isBase: z.boolean(),
  /** How many minor units make one unit (100 for USD, 10^8 for BTC). */
  subunitToUnit: z.number().int().positive(),
  /** Value of one unit in the base currency, as a decimal string to stay exact. */
  rate: z.object({ rate: z.string(), updatedAt: z.iso.datetime() }),
  subCurrencies: z.array(z.string()),
});
export type Currency = z.infer<typeof currencySchema>;
export const currencyListSchema = z.object({ data: z.array(currencySchema) });

export const localeSchema = z.object({
  code: z.enum(LOCALES),
  name: z.string(),
  isDefault: z.boolean(),
});
export type LocaleItem = z.infer<typeof localeSchema>;
export const localeListSchema = z.object({ data: z.array(localeSchema) });

export const countrySchema = z.object({ code: z.string().length(2), name: z.string() });
export type Country = z.infer<typeof countrySchema>;
export const countryListSchema = z.object({ data: z.array(countrySchema) });

export const timeZoneSchema = z.object({ id: z.string(), name: z.string() });
export type TimeZone = z.infer<typeof timeZoneSchema>;
export const timeZoneListSchema = z.object({ data: z.array(timeZoneSchema) });

export const localeQuerySchema = z.object({
  locale: z.enum(LOCALES).optional().describe('Language for names; the default locale if absent'),
});

const statusTable = z.record(z.string(), z.number().int());
export const settingsConstantsSchema = z.object({
  playerStatus: statusTable,
  documentStatus: statusTable,
  invoiceStatus: statusTable,
  invoiceType: statusTable,
  purchaseStatus: statusTable,
  betStatus: statusTable,
  bonusStatus: statusTable,
  bonusResult: statusTable,
  freeSpinStatus: statusTable,
  freeSpinResult: statusTable,
  bonusCodeStatus: statusTable,
  bonusCodeTrigger: statusTable,
  questState: statusTable,
  walletAccountStatus: statusTable,
  timeZonePrefix: z.string(),
});
export type SettingsConstants = z.infer<typeof settingsConstantsSchema>;
