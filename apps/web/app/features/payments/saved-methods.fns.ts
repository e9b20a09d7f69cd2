import type { PaymentMethod } from '@coinfall/shared/contracts/payment';

/** Spec §3: methods with at least one field are saved methods (here: saved cards). */
export const savedMethodsOf = (methods: readonly PaymentMethod[]): PaymentMethod[] =>
  methods.filter((m) => m.type === 'card' && m.fields.length > 0);

/**
 * The saved card to pay with: the player's own pick while it still exists, else the card just
 * added (handed over by the card form), else the first one.
 */
export function pickSavedMethod(
  saved: readonly PaymentMethod[],
  picked: string | undefined,
  justAdded: string | undefined,
): string | undefined {
  const exists = (id: string | undefined) => id !== undefined && saved.some((m) => m.id === id);
  if (exists(picked)) return picked;
  if (exists(justAdded)) return justAdded;
  return saved[0]?.id;
}
