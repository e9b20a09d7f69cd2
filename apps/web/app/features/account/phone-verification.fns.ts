import { OTP_CODE_LENGTH } from '@coinfall/shared/contracts/verification';

/** The two steps of verify-phone, and the end. */
export type PhoneStep =
  | { step: 'send' }
  | {
      step: 'verify';
      /** The number as the API answered it: masked except the last four digits. */
      maskedPhone: string;
      /** Epoch ms from which another code may be asked for. */
      resendAt: number;
    }
  | { step: 'done' };

export function afterCodeSent(
  answer: { phone: string; resendAfter: number },
  now: number,
): PhoneStep {
  return {
    step: 'verify',
    maskedPhone: answer.phone,
    resendAt: now + Math.max(0, answer.resendAfter) * 1000,
  };
}

/** Whole seconds until `at`, never negative (a countdown shows 1 until it is really over). */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** What the code input keeps of a typed or pasted value: digits only, at most six. */
export function normalizeOtpInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, OTP_CODE_LENGTH);
}

export function isCompleteOtp(code: string): boolean {
  return new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`).test(code);
}

/** The profile's phone as the input starts with: international, so with its `+`. */
export function phoneForInput(profilePhone: string | null | undefined): string {
  const phone = profilePhone?.trim() ?? '';
  if (phone === '') return '';
  return phone.startsWith('+') ? phone : `+${phone}`;
}
