import { useMessages } from '../../i18n/i18n.tsx';
import { paymentMessages } from '../../i18n/messages/payments.ts';
import { DepositForm } from '../../features/payments/components/deposit-form.tsx';
import { PayStep } from '../../features/payments/components/pay-step.tsx';
import { stringProp, useModalEntry } from '../../ui/modal/modal-entry.ts';
import { ModalFrame } from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';

/** Deposit (opened by state, e.g. modals.open('deposit', { currency: 'BTC' })). */
export default function DepositModal() {
  const t = useMessages(paymentMessages);
  const { entry, close } = useModalEntry();
  const modals = useModals();
  return (
    <ModalFrame title={t.depositTitle} description={t.depositDescription}>
      <PayStep rows={3}>
        {(methods) => (
          <DepositForm
            methods={methods}
            initialCurrency={stringProp(entry, 'currency')}
            justAddedMethodId={stringProp(entry, 'methodId')}
            // The card form opens above; saving closes it and uncovers this modal.
            onAddCard={() => modals.openKeyed('card-info', { params: { backTo: 'deposit' } })}
            onDone={close}
          />
        )}
      </PayStep>
    </ModalFrame>
  );
}
