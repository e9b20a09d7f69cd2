import { useMessages } from '../../i18n/i18n.tsx';
import { paymentMessages } from '../../i18n/messages/payments.ts';
import { PayStep } from '../../features/payments/components/pay-step.tsx';
import { SavedMethods } from '../../features/payments/components/saved-methods.tsx';
import { ModalFrame, ModalOkAction } from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';

/** The player's saved payment methods: add one (card-info) or remove one. */
export default function PaymentModal() {
  const t = useMessages(paymentMessages);
  const modals = useModals();
  return (
    <ModalFrame title={t.paymentTitle} description={t.paymentDescription}>
      <PayStep rows={2}>
        {(methods) => (
          <SavedMethods
            methods={methods.data}
            cashier={methods.cashier}
            onAddCard={() => modals.openKeyed('card-info', { params: { backTo: 'payment' } })}
            legend={t.paymentTitle}
          />
        )}
      </PayStep>
      <ModalOkAction />
    </ModalFrame>
  );
}
