import { InvoiceType, type InvoiceStatistics } from '@coinfall/shared';
import { formatBaseMinor } from '../wallet/wallet.fns.ts';

type KindStatistics = InvoiceStatistics['deposits'];

export interface SumRow {
  type: number;
  currency: string;
  count: number;
  amount: string | number;
  amountBase: string | number;
}

export interface LastRow {
  type: number;
  amount: number;
  currency: string;
  amountBase: number;
  processedAt: Date | null;
}

const KINDS = {
  deposits: InvoiceType.Deposit,
  withdrawals: InvoiceType.Withdrawal,
  purchases: InvoiceType.Purchase,
  virtualPayouts: InvoiceType.VirtualPayout,
} as const;

function kindStatistics(
  type: number,
  sums: readonly SumRow[],
  last: readonly LastRow[],
): KindStatistics {
  const own = sums.filter((s) => s.type === type);
  const latest = last.find((l) => l.type === type);
  return {
    count: own.reduce((n, s) => n + Number(s.count), 0),
    sums: own.map((s) => ({ currency: s.currency, amount: Number(s.amount) })),
    sumBase: formatBaseMinor(own.reduce((n, s) => n + Number(s.amountBase), 0)),
    last: latest?.processedAt
      ? {
          amount: latest.amount,
          currency: latest.currency,
          amountBase: formatBaseMinor(latest.amountBase),
          processedAt: latest.processedAt.toISOString(),
        }
      : null,
  };
}

/** Spec §3 "Statistics" from the two aggregate reads (successful invoices only). */
export function toInvoiceStatistics(
  baseCurrency: string,
  sums: readonly SumRow[],
  last: readonly LastRow[],
): InvoiceStatistics {
  return {
    currency: baseCurrency,
    deposits: kindStatistics(KINDS.deposits, sums, last),
    withdrawals: kindStatistics(KINDS.withdrawals, sums, last),
    purchases: kindStatistics(KINDS.purchases, sums, last),
    virtualPayouts: kindStatistics(KINDS.virtualPayouts, sums, last),
  };
}
