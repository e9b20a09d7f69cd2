import { MARKETING_PARAMS, type Attribution } from '@coinfall/shared';

/** The row a registration's attribution becomes; undefined when the visit brought none. */
export interface AttributionRow {
  affiliateTag: string | null;
  utmSource: string | null;
  params: Record<string, string>;
  abGroup: string | null;
  funnelType: string | null;
}

export function attributionRow(attribution: Attribution | undefined): AttributionRow | undefined {
  if (!attribution) return undefined;
  const params: Record<string, string> = {};
  for (const name of MARKETING_PARAMS) {
    const value = attribution[name];
    if (value) params[name] = value;
  }
  const row: AttributionRow = {
    affiliateTag: attribution.affiliateTag ?? null,
    utmSource: params.utm_source ?? null,
    params,
    abGroup: attribution.abGroup ?? null,
    funnelType: attribution.funnelType ?? null,
  };
  const empty =
    row.affiliateTag === null &&
    Object.keys(params).length === 0 &&
    row.abGroup === null &&
    row.funnelType === null;
  return empty ? undefined : row;
}

/** Conversion of a funnel row: first purchases ÷ registrations, 0 without registrations. */
export function conversionOf(registrations: number, firstPurchases: number): number {
  if (registrations <= 0) return 0;
  return Math.min(1, firstPurchases / registrations);
}
