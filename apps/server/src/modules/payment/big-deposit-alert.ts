import { InvoiceType } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import type { InvoiceRow } from '../invoice/invoice.fns.ts';
import type { PayerRepo } from '../invoice/payer.repo.ts';
import { slackAlertUrl } from '../../platform/slack-alerts.ts';
import {
  BIG_DEPOSIT_THRESHOLD_BASE,
  BIG_DEPOSIT_WINDOW_MS,
  bigDepositMessage,
} from './payment.fns.ts';
import type { PaymentRepo } from './payment.repo.ts';

/** An alert recorded in a transaction, posted to Slack once that transaction has committed. */
export interface PendingAlert {
  id: string;
  body: unknown;
}

const DELIVERY_TIMEOUT_MS = 5_000;

/**
 * Spec §9 big-deposit alert: when a successful deposit or purchase brings the player's 24 h total
 * to 300.00 base units or more, and no alert was raised for them in the last 24 h, one alert is
 * recorded (unique per invoice) and posted to the Slack relay's /slack/big-debs.
 */
export function createBigDepositAlerts(deps: {
  repo: PaymentRepo;
  payers: Pick<PayerRepo, 'find'>;
  slackWebhookUrl: string | undefined;
  onDeliveryFailure: (err: unknown, alertId: string) => void;
}) {
  const { repo } = deps;
  const url = deps.slackWebhookUrl ? slackAlertUrl(deps.slackWebhookUrl, 'big-debs') : null;
  return {
    async checkIn(tx: Database, invoice: InvoiceRow): Promise<PendingAlert | null> {
      const since = new Date(Date.now() - BIG_DEPOSIT_WINDOW_MS);
      const total = await repo.sumSucceededSince(tx, invoice.playerId, since);
      if (total < BIG_DEPOSIT_THRESHOLD_BASE) return null;
      if (await repo.hasAlertSince(tx, invoice.playerId, since)) return null;
      const id = await repo.insertAlert(tx, {
        playerId: invoice.playerId,
        invoiceId: invoice.id,
        totalBase: total,
        // Recorded as pending delivery; sent or failed once posted after commit.
        delivery: deps.slackWebhookUrl ? 'pending' : 'not_configured',
      });
      if (!id || !deps.slackWebhookUrl) return null;
      const currencies = await repo.listCurrencies(tx);
      const payer = await deps.payers.find(invoice.playerId, tx);
      return {
        id,
        body: bigDepositMessage({
          playerId: invoice.playerId,
          nickname: payer?.nickname ?? null,
          totalBase: total,
          baseCurrency: currencies.find((c) => c.isBase)?.code ?? 'USD',
          invoice: {
            id: invoice.id,
            amount: invoice.amount,
            currency: invoice.currency,
            type: invoice.type === InvoiceType.Purchase ? 'purchase' : 'deposit',
          },
        }),
      };
    },

    /** Posts the alert; the outcome is recorded either way and never fails the caller. */
    async deliver(alert: PendingAlert | null): Promise<void> {
      if (!alert || !url) return;
      let delivery: 'sent' | 'failed' = 'failed';
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(alert.body),
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        });
        await res.body?.cancel();
        if (res.ok) delivery = 'sent';
        else deps.onDeliveryFailure(new Error(`Slack answered ${res.status}`), alert.id);
      } catch (err) {
        deps.onDeliveryFailure(err, alert.id);
      }
      await repo.setAlertDelivery(alert.id, delivery);
    },
  };
}
export type BigDepositAlerts = ReturnType<typeof createBigDepositAlerts>;
