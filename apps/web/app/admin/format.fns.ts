import type { AdminInvoiceRefund } from '@coinfall/shared/contracts/admin-players';
import type { Currency } from '@coinfall/shared/contracts/core';
import type { DocumentType } from '@coinfall/shared/contracts/documents';
import { BonusStatus } from '@coinfall/shared/bonus-constants';
import {
  BetStatus,
  DocumentStatus,
  InvoiceStatus,
  InvoiceType,
  PlayerStatus,
} from '@coinfall/shared/constants';
import { parseMinorAmount } from '../features/redeem/redeem.fns';
import { formatMinorUnits } from '../features/wallet/money.fns';

/** The back office is English only (decision 038): one locale for numbers and dates. */
const LOCALE = 'en-US';

/**
 * Minor units in the currency's units ("1,234.50 SC"), exactly. While the scale is unknown (the
 * currency list not loaded, or a currency missing from it) the raw minor units are shown, named.
 */
export function formatAmount(
  minor: number,
  currency: string,
  currencies: readonly Pick<Currency, 'code' | 'subunitToUnit'>[] | undefined,
): string {
  const scale = currencies?.find((c) => c.code === currency)?.subunitToUnit;
  if (!scale) return `${minor} minor units ${currency}`;
  const digits = Math.max(0, Math.round(Math.log10(scale)));
  return `${formatMinorUnits(minor, scale, LOCALE, Math.min(digits, 2))} ${currency}`;
}

/** An instant as "2026-11-27 09:05 UTC": the same on the server and in every browser. */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The name of a value in one of the shared status tables, or the number itself. */
function nameIn(table: Readonly<Record<string, number>>, value: number): string {
  const entry = Object.entries(table).find(([, v]) => v === value);
  return entry ? entry[0].replace(/([a-z])([A-Z])/g, '$1 $2') : `#${value}`;
}

export const playerStatusName = (status: number) => nameIn(PlayerStatus, status);
export const invoiceStatusName = (status: number) => nameIn(InvoiceStatus, status);
export const invoiceTypeName = (type: number) => nameIn(InvoiceType, type);
export const betStatusName = (status: number) => nameIn(BetStatus, status);
export const bonusStatusName = (status: number) => nameIn(BonusStatus, status);
export const documentStatusName = (status: number) => nameIn(DocumentStatus, status);

const DOCUMENT_TYPE_NAMES: Readonly<Record<DocumentType, string>> = {
  id: 'Identity document',
  address: 'Proof of address',
  selfie: 'Selfie with the document',
};
export const documentTypeName = (type: DocumentType) => DOCUMENT_TYPE_NAMES[type];

/**
 * A refused purchase's refund in words (decision 046): still due, refunded with the provider's
 * reference, or refused by the provider with its reason (the operator's to settle by hand).
 */
export function refundText(refund: AdminInvoiceRefund | null): string {
  if (!refund) return '';
  if (refund.status === 'due') return 'Refund due (waiting for the provider)';
  const at = refund.answeredAt ? ` · ${formatInstant(refund.answeredAt)}` : '';
  return refund.status === 'refunded'
    ? `Refunded: ${refund.reference ?? 'no reference'}${at}`
    : `Not refundable: ${refund.reference ?? 'no reason given'}${at} — refund by hand`;
}

/** "in 5 minutes" / "in 40 seconds": how long a throttled sign-in waits. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A typed adjustment ("12.50", "-3", "1,000") in minor units of a currency with `scale` minor
 * units per unit, exactly; undefined for anything else, zero included (the API refuses it).
 */
export function parseSignedAmount(text: string, scale: number): number | undefined {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const minor = parseMinorAmount(negative ? trimmed.slice(1) : trimmed.replace(/^\+/, ''), scale);
  if (minor === undefined || minor === 0) return undefined;
  return negative ? -minor : minor;
}
