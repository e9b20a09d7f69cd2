import { z } from 'zod';
import { WalletAccountStatus } from '../constants.ts';

/** The currency of the account every new player starts with (spec §4 "Login flow"). */
export const DEFAULT_WALLET_CURRENCY = 'GC';

export const walletAccountSchema = z.object({
  id: z.uuid(),
  currency: z.string(),
  balance: z.number().int().describe('Integer amount in minor units of the currency'),
  status: z
    .union([z.literal(WalletAccountStatus.Inactive), z.literal(WalletAccountStatus.Active)])
    .describe('1 = the active account (exactly one per player), 0 = inactive'),
  hidden: z.boolean(),
  equivalent: z
    .object({
      currency: z.string().describe('The base currency (isBase in GET /api/core/currencies)'),
      amount: z
        .string()
        .regex(/^\d+\.\d{2}$/)
        .describe('balance × rate, in units of the base currency, 2 decimals, rounded half up'),
    })
    .describe('The balance in the base currency at the current rate (GC has rate 0)'),
});
export type WalletAccount = z.infer<typeof walletAccountSchema>;

export const walletAccountListSchema = z.object({ data: z.array(walletAccountSchema) });
export type WalletAccountList = z.infer<typeof walletAccountListSchema>;

export const createWalletAccountBodySchema = z.object({
  currency: z.string().regex(/^[A-Z][A-Z0-9]{1,9}$/, 'An upper-case currency code'),
});
export type CreateWalletAccountBody = z.infer<typeof createWalletAccountBodySchema>;

export const walletAccountIdParamsSchema = z.object({ id: z.uuid() });
