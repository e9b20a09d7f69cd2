import { BONUS_MODAL_DELAY_MS } from '@coinfall/shared/constants';
import type { LoyaltySublevelRef } from '@coinfall/shared/contracts/loyalty';
import { modalStore } from '../../lib/modals/modal-store';

/** What the loyalty reward modal says: the sublevel and what it gave. */
export type LoyaltyRewardProps =
  | { kind: 'bonus'; level: string; sublevel: string; amount: string }
  | {
      kind: 'freespins';
      level: string;
      sublevel: string;
      count: number;
      game: string;
      identity: string;
    };

/** Sublevels whose reward this tab has shown: one modal per sublevel, however many grants. */
const offered = new Set<number>();

/**
 * Spec §4: a bonus modal shows when the bonus or free spin belongs to a loyalty sublevel; spec
 * §9: 150 ms after the push. A sublevel may pay coins in two currencies and free spins; the
 * first grant to arrive opens the modal, the rest are in the bonus lists.
 */
export function offerLoyaltyReward(ref: LoyaltySublevelRef, props: LoyaltyRewardProps): void {
  if (offered.has(ref.sublevelId)) return;
  offered.add(ref.sublevelId);
  setTimeout(() => modalStore.openUnkeyed('loyaltyReward', { ...props }), BONUS_MODAL_DELAY_MS);
}
