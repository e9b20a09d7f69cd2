import { playerQueryClient } from './player-queries';

/**
 * After money moved (a purchase, deposit, redemption, cancelled or rejected payout): everything
 * that shows money is read again — balances in the header, the redeemable tracker and limits,
 * invoices and purchases — so the player sees it without a reload.
 */
export function refreshMoneyQueries(): Promise<unknown> {
  return Promise.all(
    [['wallet'], ['payment', 'invoices'], ['shop', 'purchases']].map((queryKey) =>
      playerQueryClient.invalidateQueries({ queryKey }),
    ),
  );
}
