import { useCallback, useState, type ReactNode } from 'react';
import type { Bundle } from '@coinfall/shared/contracts/shop';
import type { PaymentMethodList } from '@coinfall/shared/contracts/payment';
import { formatMessage, useLocale, useMessages } from '../../../i18n/i18n.tsx';
import { paymentMessages } from '../../../i18n/messages/payments.ts';
import { FormAlert } from '../../account/account-ui.tsx';
import { ModalActions, PRIMARY_BUTTON } from '../../../ui/modal/modal-frame.tsx';
import { createPurchaseInvoice } from '../api/purchase-invoice.ts';
import { DeclinedView, InvoiceProgress } from './invoice-progress.tsx';
import { LiveStatus } from './payment-ui.tsx';
import { SavedMethods } from './saved-methods.tsx';
import { pickSavedMethod, savedMethodsOf } from '../saved-methods.fns.ts';
import { useCurrencyIndex } from '../../wallet/use-format-amount.ts';
import { usePaymentFlow, type FlowStep } from '../hooks/use-payment-flow.ts';
import { intentSignature } from '../payment-intent.fns.ts';
import { createPurchase } from '../api/purchases.ts';
import { viewBundle } from '../bundles.fns.ts';

type Texts = Record<keyof (typeof paymentMessages)['en'], string>;

/**
 * The checkout of one bundle: the saved card to pay with, Pay (POST /api/shop/purchases, then
 * POST /api/payment/invoices/purchase, both with the intent's Idempotency-Key), the bank's 3-D
 * Secure step in the modal, and the outcome.
 */
export function PurchaseCheckout({
  bundle,
  methods,
  justAddedMethodId,
  onAddCard,
  onDone,
  beforePay,
}: {
  bundle: Bundle;
  methods: PaymentMethodList;
  /** The card the card-info modal just saved, selected unless the player picks another. */
  justAddedMethodId: string | undefined;
  onAddCard: () => void;
  onDone: () => void;
  /** Shown above Pay while the player prepares the payment (the bonus-code field). */
  beforePay?: ReactNode;
}) {
  const t = useMessages(paymentMessages);
  const locale = useLocale();
  const view = viewBundle(bundle, useCurrencyIndex(), locale);
  const saved = savedMethodsOf(methods.data);
  const [selected, setSelected] = useState<string>();
  const selectedId = pickSavedMethod(saved, selected, justAddedMethodId);
  const flow = usePaymentFlow();

  const pay = useCallback(() => {
    if (!selectedId) return;
    void flow.send(intentSignature('purchase', bundle.id, selectedId), async (key) => {
      const purchase = await createPurchase(bundle.id, key('purchase'));
      return createPurchaseInvoice(
        { purchaseId: purchase.id, paymentMethodId: selectedId },
        key('invoice'),
      );
    });
  }, [flow, bundle.id, selectedId]);

  const summary = (
    <section
      aria-label={t.summaryLabel}
      className="flex items-center justify-between gap-3 rounded-xl border border-border-strong bg-surface px-4 py-3"
    >
      <div>
        <p className="font-semibold text-text">{view.title}</p>
        <p className="text-sm text-text-muted tabular-nums">
          {view.goldCoins} · {formatMessage(t.bundleBonus, { amount: view.sweepsCoins })}
        </p>
      </div>
      <p className="text-right">
        <span className="block text-xs text-text-muted">{t.summaryTotal}</span>
        <span className="text-lg font-bold text-accent tabular-nums">{view.price}</span>
      </p>
    </section>
  );

  if (flow.step.kind === 'declined')
    return (
      <div className="flex flex-col gap-4">
        {summary}
        <DeclinedView reason={flow.step.reason} onTryAnother={flow.restart} />
      </div>
    );
  if (flow.invoice)
    return (
      <div className="flex flex-col gap-4">
        {summary}
        <InvoiceProgress
          invoice={flow.invoice}
          successText={formatMessage(t.purchaseSuccess, {
            goldCoins: view.goldCoins,
            sweepsCoins: view.sweepsCoins,
          })}
          onPollNow={flow.pollNow}
          onTryAnother={flow.restart}
          onDone={onDone}
        />
      </div>
    );

  const sending = flow.step.kind === 'sending';
  return (
    <div className="flex flex-col gap-4">
      {summary}
      <SavedMethods
        methods={methods.data}
        cashier={methods.cashier}
        selected={selectedId}
        onSelect={setSelected}
        onAddCard={onAddCard}
        legend={t.methodsLegend}
      />
      {beforePay}
      <FlowProblem step={flow.step} t={t} />
      <LiveStatus>{sending ? t.paying : ''}</LiveStatus>
      <ModalActions>
        <button
          type="button"
          className={PRIMARY_BUTTON}
          disabled={sending || !selectedId}
          aria-busy={sending || undefined}
          aria-describedby={selectedId ? undefined : 'purchase-choose-method'}
          onClick={pay}
        >
          {sending ? t.paying : formatMessage(t.pay, { price: view.price })}
        </button>
      </ModalActions>
      {!selectedId && (
        <p id="purchase-choose-method" className="text-sm text-text-muted">
          {t.chooseMethod}
        </p>
      )}
    </div>
  );
}

/** A refusal (limit, blocked funds…) in the server's words, field problems, or a lost answer. */
export function FlowProblem({ step, t }: { step: FlowStep; t: Texts }) {
  if (step.kind !== 'form' || !step.problem) return null;
  const problem = step.problem;
  switch (problem.kind) {
    case 'refused':
      return <FormAlert>{problem.message ?? t.failedUnknown}</FormAlert>;
    case 'fields':
      return <FormAlert>{Object.values(problem.fields).join(' ')}</FormAlert>;
    case 'unknown':
    case 'declined':
    case 'blocked':
    case 'loggedOut':
      return <FormAlert>{t.failedUnknown}</FormAlert>;
  }
}
