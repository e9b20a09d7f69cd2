import { useCallback } from 'react';
import { REDEEM_CURRENCY } from '@coinfall/shared/contracts/redemption';
import type { WinnersBoard } from '@coinfall/shared/contracts/realtime';
import { useAlerts } from '../alerts/use-alerts.ts';
import { useCurrencyIndex, useFormatAmount } from '../wallet/use-format-amount.ts';
import { isAlertableWinner, newWinnersOf } from './live-boards.fns.ts';
import { useBoardCountry, useBoardDevice } from './use-board-view.ts';
import { useWinnersBoard } from './use-live-boards.ts';

/** SC has 100 minor units per unit; used until the currencies have loaded. */
const DEFAULT_SUBUNITS = 100;

/**
 * On /games/{id}: a new winner of this game in the redeem currency (SC) paying at least one
 * whole unit raises the winner alert (spec §9). Renders nothing.
 */
export function WinnerAlertWatch({ gameId }: { gameId: string }) {
  const alerts = useAlerts();
  const format = useFormatAmount();
  const currencies = useCurrencyIndex();
  const device = useBoardDevice();
  const country = useBoardCountry();
  const minPayout = currencies.get(REDEEM_CURRENCY)?.subunitToUnit ?? DEFAULT_SUBUNITS;
  const onUpdate = useCallback(
    (next: WinnersBoard, previous: WinnersBoard | undefined) => {
      // Without a first board every winner would look new: only live changes alert.
      if (!previous) return;
      for (const winner of newWinnersOf(previous, next)) {
        if (!isAlertableWinner(winner, { gameId, currency: REDEEM_CURRENCY, minPayout })) continue;
        alerts.push('winner', {
          nickname: winner.nickname,
          amount: format(winner.payout, winner.currency),
          game: winner.gameName,
        });
      }
    },
    [alerts, format, gameId, minPayout],
  );
  useWinnersBoard(device, country, onUpdate);
  return null;
}
