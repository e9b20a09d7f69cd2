/** Reading the API's one error shape `{ code, message, details: { fields } }` (errors.ts). */

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;

/** The server names a body field `body.agreedTc`; the form may call it something else. */
export type FieldAliases = Readonly<Record<string, string>>;

/** The first message per failing field of a 400 answer, keyed by form field name. */
export function fieldErrorsOf(body: unknown, aliases: FieldAliases = {}): Record<string, string> {
  const details = asRecord(asRecord(body)?.details);
  const fields: Record<string, string> = {};
  if (!Array.isArray(details?.fields)) return fields;
  for (const issue of details.fields as unknown[]) {
    const item = asRecord(issue);
    if (typeof item?.field !== 'string') continue;
    const bodyName = item.field.replace(/^body\./, '');
    const name = aliases[bodyName] ?? bodyName;
    fields[name] ??= typeof item.message === 'string' ? item.message : 'Invalid value';
  }
  return fields;
}
