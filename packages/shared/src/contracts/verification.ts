import { parsePhoneNumberWithError } from 'libphonenumber-js';
import { z } from 'zod';
import { phoneNumberProblem } from '../validation/phone-rule.ts';

/** SMS one-time codes (spec §7 POST /api/player/otp/send and /otp/verify). */
export const OTP_REASONS = ['phoneVerification'] as const;
export type OtpReason = (typeof OTP_REASONS)[number];
export const OTP_CODE_LENGTH = 6;
/** How long a code stays valid. */
export const OTP_TTL_SECONDS = 10 * 60;
/** The wait between two codes. */
export const OTP_RESEND_AFTER_SECONDS = 60;
/** Codes a player may ask for in any rolling hour. */
export const OTP_MAX_SENDS_PER_HOUR = 5;
/** Guesses a code takes before it dies, right or wrong. */
export const OTP_MAX_ATTEMPTS = 5;
/** Calls per minute and client IP to each endpoint that takes or sends a code. */
export const CODE_ENDPOINT_CALLS_PER_MINUTE = 10;

/**
 * A valid phone value (stored without "+", or typed with it) in E.164 form (+14155552671);
 * undefined when it is not a valid international number (spec §5 phone rule).
 */
export function toE164Phone(value: string): string | undefined {
  if (phoneNumberProblem(value) !== undefined) return undefined;
  return parsePhoneNumberWithError(`+${value.trim().replace(/^\+/, '')}`).number;
}

export const otpSendBodySchema = z.object({
  reason: z.enum(OTP_REASONS),
  /** International format; defaults to the profile's phone when left out. */
  phone: z
    .string()
    .trim()
    .max(32)
    .refine((v) => phoneNumberProblem(v) === undefined, {
      error: 'Not a valid international phone number',
    })
    .optional(),
});
export type OtpSendBody = z.infer<typeof otpSendBodySchema>;

export const otpSendResponseSchema = z.object({
  phone: z.string().describe('E.164 number the code went to, masked except the last 4 digits'),
  expiresAfter: z.number().int().describe('Seconds the code stays valid'),
  resendAfter: z.number().int().describe('Seconds before another code may be asked for'),
});
export type OtpSendResponse = z.infer<typeof otpSendResponseSchema>;

export const otpVerifyBodySchema = z.object({
  reason: z.enum(OTP_REASONS),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`), `${OTP_CODE_LENGTH} digits`),
});
export type OtpVerifyBody = z.infer<typeof otpVerifyBodySchema>;

/** KYC at the tsevo provider (spec §7 /api/player/integrations/tsevo/player[/validate]). */
export const KYC_PROVIDER = 'tsevo';
export const KYC_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** The identity the provider checks; taken from the profile, the body may correct it. */
export const tsevoPlayerBodySchema = z.object({
  firstName: z.string().trim().min(1).max(100).optional(),
  lastName: z.string().trim().min(1).max(100).optional(),
  birthdate: z.iso.date().optional(),
  address: z.string().trim().min(1).max(200).optional(),
  city: z.string().trim().min(1).max(100).optional(),
  region: z.string().trim().min(1).max(100).optional(),
  postalCode: z.string().trim().min(1).max(16).optional(),
  country: z.string().trim().length(2).optional(),
  ssnLast4: z
    .string()
    .regex(/^\d{4}$/, '4 digits')
    .optional(),
});
export type TsevoPlayerBody = z.infer<typeof tsevoPlayerBodySchema>;

/** What the provider cannot check without: from the profile, or the body when sent. */
export const KYC_REQUIRED_FIELDS = [
  'firstName',
  'lastName',
  'birthdate',
  'address',
  'postalCode',
  'country',
] as const satisfies readonly (keyof TsevoPlayerBody)[];

export const kycStateSchema = z.object({
  status: z.enum(KYC_STATUSES),
  kycVerified: z.boolean(),
  reference: z.string().nullable().describe('The provider reference of the latest check'),
  /** Player-facing reasons when rejected (e.g. "address does not match"). */
  reasons: z.array(z.string()),
  updatedAt: z.iso.datetime().nullable(),
});
export type KycState = z.infer<typeof kycStateSchema>;

/** Geocode lookup (spec §7 "Other"): postal code + country → city and state. */
export const geocodeQuerySchema = z.object({
  country: z.string().trim().length(2).toUpperCase(),
  postalCode: z.string().trim().min(3).max(10),
});
export const geocodeResponseSchema = z.object({
  city: z.string(),
  region: z.string().describe('State or province code, e.g. NY'),
  regionName: z.string(),
  country: z.string(),
  postalCode: z.string(),
});
export type GeocodeResponse = z.infer<typeof geocodeResponseSchema>;
