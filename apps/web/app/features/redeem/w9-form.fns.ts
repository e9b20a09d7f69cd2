import { w9BodySchema, type W9Body } from '@coinfall/shared/contracts/redemption';

export type W9Field = Exclude<keyof W9Body, never>;
export type W9Draft = Record<Exclude<W9Field, 'certify'>, string> & { certify: boolean };

export const EMPTY_W9: W9Draft = {
  legalName: '',
  tin: '',
  address: '',
  city: '',
  region: '',
  postalCode: '',
  certify: false,
};

/**
 * The TIN as typed, masked to the shape of the number: digits only, dashes put in as an SSN
 * (123-45-6789) unless the player typed an EIN's dash after two digits (12-3456789).
 */
export function maskTin(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 9);
  const ein = /^\d{2}-/.test(text.trim());
  if (ein) return digits.length > 2 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
  if (digits.length > 5) return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
  if (digits.length > 3) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return digits;
}

/** The shared schema's verdict: the body to send, or one message per failing field. */
export function validateW9(
  draft: W9Draft,
): { ok: true; body: W9Body } | { ok: false; errors: Partial<Record<W9Field, string>> } {
  const parsed = w9BodySchema.safeParse(draft);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Partial<Record<W9Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in EMPTY_W9) errors[field as W9Field] ??= issue.message;
  }
  return { ok: false, errors };
}
