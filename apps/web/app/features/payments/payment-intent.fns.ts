/**
 * Idempotency keys per player intent. A money-moving POST carries an Idempotency-Key; the same
 * intent (this bundle with this method, this deposit) retried after a lost answer or a double
 * click must send the same keys, so the server answers the first result instead of paying
 * twice. A new intent — another bundle, amount or method, or a fresh try after a definite
 * outcome — gets new keys.
 */
export interface PaymentIntent {
  /** What the player asked for, e.g. "purchase|7|pm_123" or "deposit|1000|USD|card". */
  signature: string;
  /** One key per POST of the intent, created on first use. */
  keys: Readonly<Record<string, string>>;
}

export function intentSignature(...parts: readonly (string | number)[]): string {
  return parts.map(String).join('|');
}

/** The intent for `signature`: the current one when it is the same ask, a new one otherwise. */
export function intentFor(current: PaymentIntent | undefined, signature: string): PaymentIntent {
  return current?.signature === signature ? current : { signature, keys: {} };
}

/** The key of one step of the intent (reused when it exists, made with `newKey` otherwise). */
export function keyForStep(
  intent: PaymentIntent,
  step: string,
  newKey: () => string,
): { intent: PaymentIntent; key: string } {
  const existing = intent.keys[step];
  if (existing) return { intent, key: existing };
  const key = newKey();
  return { intent: { ...intent, keys: { ...intent.keys, [step]: key } }, key };
}
