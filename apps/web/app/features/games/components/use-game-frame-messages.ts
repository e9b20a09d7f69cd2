import { useEffect, useEffectEvent } from 'react';
import { frameMessageOf } from '../../game-client/frame-messages.fns';
import { playerQueryClient } from '../../../lib/query/player-queries';
import { fairnessQuery } from '../api/fairness';

/**
 * What the game page does with its iframe's messages: after every round the fairness panel
 * reads the seeds again (its next nonce moved on); a request for coins opens the store.
 */
export function useGameFrameMessages({ onGetCoins }: { onGetCoins: () => void }) {
  const getCoins = useEffectEvent(onGetCoins);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = frameMessageOf(event, window.location.origin);
      if (!message) return;
      if (message.type === 'coinfall:get-coins') getCoins();
      else void playerQueryClient.invalidateQueries({ queryKey: fairnessQuery.queryKey });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}
