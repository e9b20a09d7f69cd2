import {
  ParseError,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
} from 'libphonenumber-js';
import { fail } from './rule-types.ts';
import type { RuleFn } from './rule-types.ts';

/** The length bounds of a national significant number (ITU-T E.164 and libphonenumber). */
const NATIONAL_NUMBER_LENGTH = { min: 2, max: 17 } as const;

/**
 * Why a phone value is not a valid international number, or undefined when it is. Values are
 * stored without the leading "+", so one is added before parsing.
 */
export function phoneNumberProblem(value: string): string | undefined {
  const international = `+${value.trim().replace(/^\+/, '')}`;
  try {
    const phone = parsePhoneNumberWithError(international);
    const length = phone.nationalNumber.length;
    if (length < NATIONAL_NUMBER_LENGTH.min) return 'TOO_SHORT';
    if (length > NATIONAL_NUMBER_LENGTH.max) return 'TOO_LONG';
    if (phone.isValid()) return undefined;
    return validatePhoneNumberLength(international) ?? 'INVALID';
  } catch (error) {
    // NOT_A_NUMBER, TOO_SHORT, TOO_LONG or INVALID_COUNTRY
    if (error instanceof ParseError) return error.message;
    throw error;
  }
}

export const phone: RuleFn<'phone'> = (value) => {
  if (typeof value !== 'string' && typeof value !== 'number') {
    return fail('phone', {}, 'NOT_A_NUMBER');
  }
  const problem = phoneNumberProblem(String(value));
  return problem === undefined ? true : fail('phone', {}, problem);
};
