import { useMessages } from '../../i18n/i18n.tsx';
import { paymentMessages } from '../../i18n/messages/payments.ts';
import { usePurchaseMethods } from '../../features/payments/api/purchase-methods.ts';
import { LoadFailed, LoadingBlock } from '../../features/payments/components/payment-ui.tsx';
import { SavedMethods } from '../../features/payments/components/saved-methods.tsx';
import { useMethodsFailure } from '../../features/payments/hooks/use-methods-failure.ts';
import { ModalFrame, ModalOkAction } from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';

/** The player's saved payment methods: add one (card-info) or remove one. */
export default function PaymentModal() {
  const t = useMessages(paymentMessages);
  const modals = useModals();
  const methods = usePurchaseMethods();
  useMethodsFailure(methods.error);
  return (
    <ModalFrame title={t.paymentTitle} description={t.paymentDescription}>
      {methods.isPending ? (
        <LoadingBlock rows={2} />
      ) : methods.isError ? (
        <LoadFailed onRetry={() => void methods.refetch()} />
      ) : (
        <SavedMethods
          methods={methods.data.data}
          cashier={methods.data.cashier}
          onAddCard={() => modals.openKeyed('card-info', { params: { backTo: 'payment' } })}
          legend={t.paymentTitle}
        />
      )}
      <ModalOkAction />
    </ModalFrame>
  );
}
