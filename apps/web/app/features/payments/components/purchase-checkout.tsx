import { useCallback, useState, type ReactNode } from 'react';
import type { Bundle } from '@coinfall/shared/contracts/shop';
import type { PaymentMethodList } from '@coinfall/shared/contracts/payment';
import { formatMessage, useLocale, useMessages } from '../../../i18n/i18n.tsx';
import { paymentMessages } from '../../../i18n/messages/payments.ts';
import { FormAlert } from '../../account/account-ui.tsx';
import { LINK_BUTTON, ModalActions, PRIMARY_BUTTON } from '../../../ui/modal/modal-frame.tsx';
import { createPurchaseInvoice } from '../api/purchase-invoice.ts';
import { DeclinedView, InvoiceProgress } from './invoice-progress.tsx';
import { LiveStatus } from './payment-ui.tsx';
import { SavedMethods } from './saved-methods.tsx';
import { CardForm } from './card-form.tsx';
import { refreshPurchaseMethods } from '../api/purchase-methods.ts';
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
 * Secure step in the modal, and the outcome. A new card is one step: its form's Pay saves it at
 * the provider and pays with it (the player has no saved card, or asks for a new one).
 */
export function PurchaseCheckout({
  bundle,
  methods,
  justAddedMethodId,
  onDone,
  beforePay,
}: {
  bundle: Bundle;
  methods: PaymentMethodList;
  /** The card the card-info modal just saved, selected unless the player picks another. */
  justAddedMethodId: string | undefined;
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
  const [wantsNewCard, setWantsNewCard] = useState(false);
  const newCard = wantsNewCard || saved.length === 0;

  const payWith = useCallback(
    (methodId: string) =>
      flow.send(intentSignature('purchase', bundle.id, methodId), async (key) => {
        const purchase = await createPurchase(bundle, key('purchase'));
        return createPurchaseInvoice(
          { purchaseId: purchase.id, paymentMethodId: methodId },
          key('invoice'),
        );
      }),
    [flow, bundle],
  );
  const pay = useCallback(() => {
    if (selectedId) void payWith(selectedId);
  }, [payWith, selectedId]);
  // The provider does not keep a new card the bank declined: the list is read again, and the
  // player who tries again starts from what is really on file.
  const tryAgain = useCallback(() => {
    void refreshPurchaseMethods();
    setWantsNewCard(false);
    flow.restart();
  }, [flow]);

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
        <DeclinedView reason={flow.step.reason} onTryAnother={tryAgain} />
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
          onTryAnother={tryAgain}
          onDone={onDone}
        />
      </div>
    );

  const sending = flow.step.kind === 'sending';
  const payLabel = { idle: formatMessage(t.pay, { price: view.price }), busy: t.paying };
  if (newCard)
    return (
      <div className="flex flex-col gap-4">
        {summary}
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-text-muted">{t.newCardLegend}</legend>
          <CardForm
            cashier={methods.cashier}
            busy={sending}
            submitLabel={payLabel}
            onSaved={async (methodId) => {
              await refreshPurchaseMethods();
              setSelected(methodId);
              setWantsNewCard(false);
              await payWith(methodId);
            }}
            beforeSubmit={
              <>
                <p className="text-xs text-text-muted">{t.newCardNote}</p>
                {beforePay}
                <FlowProblem step={flow.step} t={t} />
                <LiveStatus>{sending ? t.paying : ''}</LiveStatus>
              </>
            }
          />
        </fieldset>
        {saved.length > 0 && (
          <button
            type="button"
            className={`${LINK_BUTTON} self-start`}
            onClick={() => setWantsNewCard(false)}
          >
            {t.useSavedCard}
          </button>
        )}
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      {summary}
      <SavedMethods
        methods={methods.data}
        cashier={methods.cashier}
        selected={selectedId}
        onSelect={setSelected}
        onAddCard={() => setWantsNewCard(true)}
        addLabel={t.payWithNewCard}
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
