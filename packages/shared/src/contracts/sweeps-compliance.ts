import { z } from 'zod';

/**
 * Sweeps compliance (issue 16, decision 035): free entry by mail (AMOE) and the expiry of
 * Sweeps Coins after a time without a login.
 */

/** Crockford base32: no I, L, O, U, so a handwritten code is read back unambiguously. */
export const AMOE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Random characters of a code (50 bits): guessing another player's unused code is hopeless. */
export const AMOE_CODE_LENGTH = 10;

/**
 * A code as a person may write it: any case, spaces or dashes, O for 0 and I or L for 1. Null
 * when it cannot be an AMOE code at all.
 */
export function normalizeAmoeCode(input: string): string | null {
  const compact = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/^AMOE/, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (compact.length !== AMOE_CODE_LENGTH) return null;
  for (const ch of compact) if (!AMOE_CODE_ALPHABET.includes(ch)) return null;
  return `AMOE-${compact.slice(0, 5)}-${compact.slice(5)}`;
}

export const AMOE_CODE_STATUSES = ['unused', 'used', 'expired'] as const;
export type AmoeCodeStatus = (typeof AMOE_CODE_STATUSES)[number];

export const amoeCodeSchema = z.object({
  code: z.string().describe('AMOE-XXXXX-XXXXX, to write on the postal request'),
  status: z.enum(AMOE_CODE_STATUSES),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().describe('A request postmarked after this is refused'),
  usedAt: z.iso.datetime().nullable(),
});
export type AmoeCode = z.infer<typeof amoeCodeSchema>;

/** The terms the player's codes run under (configuration), so the site states them truthfully. */
export const amoeTermsSchema = z.object({
  currency: z.literal('SC'),
  amount: z.number().int().describe('Sweeps Coins (minor units) one recorded request credits'),
  maxUnusedCodes: z.number().int(),
  maxPerDay: z.number().int().describe('Requests per person per postmark day (UTC)'),
  maxPerMonth: z.number().int().describe('Requests per person per postmark calendar month'),
  codeValidDays: z.number().int(),
});
export type AmoeTerms = z.infer<typeof amoeTermsSchema>;

export const amoeCodeListSchema = z.object({
  data: z.array(amoeCodeSchema),
  terms: amoeTermsSchema,
});
export type AmoeCodeList = z.infer<typeof amoeCodeListSchema>;

const isoDay = z.iso.date();

/** POST /api/admin/players/{id}/amoe-requests: one envelope. */
export const recordAmoeRequestBodySchema = z.object({
  code: z
    .string()
    .max(40)
    .transform((value, ctx) => {
      const code = normalizeAmoeCode(value);
      if (code === null) {
        ctx.addIssue({ code: 'custom', message: 'Not an AMOE code (AMOE-XXXXX-XXXXX)' });
        return z.NEVER;
      }
      return code;
    })
    .describe('The request code written on the postal request'),
  postmarkedOn: isoDay.describe('The envelope’s postmark date (YYYY-MM-DD)'),
  receivedOn: isoDay.describe('The day the envelope was received (YYYY-MM-DD)'),
  reference: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .describe('The envelope’s reference in the mail log: one request per envelope'),
});
export type RecordAmoeRequestBody = z.infer<typeof recordAmoeRequestBodySchema>;

export const amoeRequestSchema = z.object({
  id: z.uuid(),
  playerId: z.uuid(),
  code: z.string(),
  currency: z.literal('SC'),
  amount: z.number().int(),
  postmarkedOn: isoDay,
  receivedOn: isoDay,
  reference: z.string(),
  recordedBy: z.uuid(),
  recordedAt: z.iso.datetime(),
  ledgerTransactionId: z.uuid(),
});
export type AmoeRequest = z.infer<typeof amoeRequestSchema>;
export const amoeRequestListSchema = z.object({ data: z.array(amoeRequestSchema) });
