import { useCallback, useEffect, useRef, useState } from 'react';
import type { Invoice } from '@coinfall/shared/contracts/payment';
import { ApiError } from '../../../lib/api/api-error.ts';
import { routeFailure } from '../../../lib/session/session.ts';
import { invoiceStatusName } from '../invoice-status.fns.ts';
import { payFailureOf, type PayFailure } from '../payment-errors.fns.ts';
import { newIdempotencyKey } from '../payment-constants.ts';
import { intentFor, keyForStep, type PaymentIntent } from '../payment-intent.fns.ts';
import { useInvoiceWatch } from './use-invoice-watch.ts';
import { useMoneyMoved } from './use-money-moved.ts';
import { trackInvoiceSucceeded } from '../../analytics/commerce-events.ts';

export type FlowStep =
  | { kind: 'form'; problem?: PayFailure }
  | { kind: 'sending' }
  | { kind: 'watch'; invoice: Invoice }
  | { kind: 'declined'; reason: string | undefined };

/** Runs one step of an intent with its idempotency key: `key(step)` reuses or makes it. */
export type IntentRun = (key: (step: string) => string) => Promise<Invoice>;

/**
 * The steps every money-moving flow shares: send (with the intent's idempotency keys), follow
 * the invoice until it settles, refresh balances once on success, and show declines. The same
 * intent retried after an unknown failure reuses its keys; a decline, a refusal or a success
 * ends the intent, so the next try is a new one.
 */
export function usePaymentFlow(onSettled?: (invoice: Invoice) => void) {
  const [step, setStep] = useState<FlowStep>({ kind: 'form' });
  const intent = useRef<PaymentIntent>(undefined);
  const moneyMoved = useMoneyMoved();
  const watched = useInvoiceWatch(step.kind === 'watch' ? step.invoice : undefined);
  const invoice = step.kind === 'watch' ? (watched.invoice ?? step.invoice) : undefined;
  const outcome = invoice ? invoiceStatusName(invoice.status) : undefined;
  const settledId = useRef<string>(undefined);

  useEffect(() => {
    if (!invoice || (outcome !== 'success' && outcome !== 'rejected')) return;
    if (settledId.current === invoice.id) return;
    settledId.current = invoice.id;
    intent.current = undefined;
    if (outcome === 'success') {
      moneyMoved();
      trackInvoiceSucceeded(invoice);
    }
    onSettled?.(invoice);
  }, [invoice, outcome, moneyMoved, onSettled]);

  const send = useCallback(async (signature: string, run: IntentRun) => {
    let current = intentFor(intent.current, signature);
    const key = (name: string) => {
      const made = keyForStep(current, name, newIdempotencyKey);
      current = made.intent;
      intent.current = current;
      return made.key;
    };
    intent.current = current;
    setStep({ kind: 'sending' });
    try {
      const answer = await run(key);
      setStep({ kind: 'watch', invoice: answer });
    } catch (error) {
      const failure = payFailureOf(error instanceof ApiError ? error : undefined);
      switch (failure.kind) {
        case 'blocked':
          routeFailure('blocked');
          return;
        case 'loggedOut':
          routeFailure('logout');
          return;
        case 'declined':
          intent.current = undefined;
          setStep({ kind: 'declined', reason: failure.reason });
          return;
        case 'unknown':
          // The answer may have been lost: the same intent keeps its keys for the retry.
          setStep({ kind: 'form', problem: failure });
          return;
        case 'refused':
        case 'fields':
          intent.current = undefined;
          setStep({ kind: 'form', problem: failure });
      }
    }
  }, []);

  const restart = useCallback(() => {
    intent.current = undefined;
    setStep({ kind: 'form' });
  }, []);

  return { step, invoice, send, restart, pollNow: watched.pollNow };
}
