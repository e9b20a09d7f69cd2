import { useEffect, useRef } from 'react';
import { PLAYER_CHANNELS, playerChannel } from '@coinfall/shared/contracts/realtime';
import type { WalletAccount } from '@coinfall/shared/contracts/wallet';
import { useLocale } from '../../i18n/i18n.tsx';
import { useAlerts, type AlertsApi } from '../alerts/use-alerts.ts';
import { playerQueryClient } from '../../lib/query/player-queries.ts';
import { useFormatAmount } from '../wallet/use-format-amount.ts';
import { accountsQuery } from '../wallet/accounts.api.ts';
import { refreshMoneyQueries } from '../../lib/query/money-moved.ts';
import { claimInvoiceAlert } from './invoice-alerts.ts';
import { followBonusChannels } from './bonus-pushes.ts';
import { refreshRetention } from '../retention/retention-queries.ts';
import { followRetentionChannels } from './retention-pushes.ts';
import { listenToChannel } from './realtime-client.ts';
import {
  playerPushEffect,
  withBalances,
  type PushAlert,
  type PushEffect,
} from './realtime-messages.fns.ts';
import { track } from '../analytics/track.ts';
import { ANALYTICS_EVENTS } from '../analytics/analytics-settings.ts';

interface AlertDeps {
  alerts: AlertsApi;
  format: (amount: number, currency: string) => string;
  locale: string;
}

function showAlert(alert: PushAlert, { alerts, format, locale }: AlertDeps): void {
  if (alert.key === 'kycVerified') {
    // Spec §4: the KYC push sets kycVerified and fires tracking.
    track(ANALYTICS_EVENTS.kycVerified);
    alerts.push('kycVerified', { url: '/profile/info' });
    return;
  }
  const { invoice } = alert;
  // The payment flow or the history page may have seen this outcome first.
  if (!claimInvoiceAlert(invoice.id, invoice.status)) return;
  const sum = format(invoice.amount, invoice.currency);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(invoice.processedAt ?? invoice.updatedAt),
  );
  alerts.push(alert.key, {
    sum,
    date,
    url:
      alert.key === 'depositError' || alert.key === 'depositSuccess'
        ? '/payments'
        : '/profile/history',
  });
}

async function applyBalances(balances: PushEffect['balances']): Promise<void> {
  // A read still in flight may have been answered before this posting: it must not land on top
  // of the pushed balance. Pushes carry every later change themselves.
  await playerQueryClient.cancelQueries({ queryKey: accountsQuery.queryKey });
  playerQueryClient.setQueryData<readonly WalletAccount[]>(
    accountsQuery.queryKey,
    (accounts) => accounts && withBalances(accounts, balances),
  );
}

/**
 * Reads everything that shows money (and the quests and level) again, once for all the player's channels that ask within
 * the same moment: they subscribe together, and nine refreshes would cancel one another.
 */
let refreshQueued = false;
function refreshMoneyOnce(): void {
  if (refreshQueued) return;
  refreshQueued = true;
  setTimeout(() => {
    refreshQueued = false;
    void refreshMoneyQueries();
    refreshRetention();
  }, 50);
}

function applyEffect(effect: PushEffect): void {
  if (effect.balances.length > 0) void applyBalances(effect.balances);
  for (const queryKey of effect.invalidate)
    void playerQueryClient.invalidateQueries({ queryKey: [...queryKey] });
}

/**
 * The player's own channels (spec §7): pushes update what the page shows, without a reload, and
 * raise the alerts of spec §8 and the quest and level-up alerts of issue 15.
 */
export function PlayerPushes({ playerId }: { playerId: string }) {
  const alerts = useAlerts();
  const format = useFormatAmount();
  const locale = useLocale();
  // Handlers read the latest texts and formats without resubscribing on every render.
  const deps = useRef<AlertDeps>({ alerts, format, locale });
  useEffect(() => {
    deps.current = { alerts, format, locale };
  });

  useEffect(() => {
    const stops = (Object.keys(PLAYER_CHANNELS) as (keyof typeof PLAYER_CHANNELS)[]).map((kind) =>
      listenToChannel(playerChannel(kind, playerId), {
        onMessage: (message) => {
          const effect = playerPushEffect(message, playerId);
          applyEffect(effect);
          if (effect.alert) showAlert(effect.alert, deps.current);
          // Spec §8: bonus alerts lead to /profile/bonuses, free-spin ones to their game.
          const bonusAlert = followBonusChannels(message);
          if (bonusAlert)
            deps.current.alerts.push(bonusAlert.key, { identity: bonusAlert.identity });
          const retentionAlert = followRetentionChannels(message, deps.current);
          if (retentionAlert) deps.current.alerts.push(retentionAlert.key, retentionAlert.params);
        },
        // Balances read before the subscription was live, or pushes lost in a gap: read
        // everything that shows money again, and the quests and level the pushes feed.
        onResync: refreshMoneyOnce,
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [playerId]);
  return null;
}
