import { useMessages } from '../../i18n/i18n.tsx';
import { paymentMessages } from '../../i18n/messages/payments.ts';
import {
  refreshPurchaseMethods,
  usePurchaseMethods,
} from '../../features/payments/api/purchase-methods.ts';
import { CardForm } from '../../features/payments/components/card-form.tsx';
import { LoadFailed, LoadingBlock } from '../../features/payments/components/payment-ui.tsx';
import { useMethodsFailure } from '../../features/payments/hooks/use-methods-failure.ts';
import { useModalEntry } from '../../ui/modal/modal-entry.ts';
import { ModalFrame } from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';

/**
 * Adds a card at the provider (DirectCashier) with the cashier session of GET methods, then goes
 * back to where it was opened from (backTo purchase, payment or deposit) with the card selected.
 */
export default function CardInfoModal() {
  const t = useMessages(paymentMessages);
  const { searchParams, close } = useModalEntry();
  const modals = useModals();
  const methods = usePurchaseMethods();
  useMethodsFailure(methods.error);
  const backTo = searchParams.get('backTo');
  const source = searchParams.get('source');

  const onSaved = async (methodId: string) => {
    await refreshPurchaseMethods();
    const props = { methodId };
    if (backTo === 'purchase' && source)
      modals.openKeyed('purchase', { params: { source }, props });
    else if (backTo === 'payment') modals.openKeyed('payment');
    else if (backTo === 'deposit') {
      // Deposit is a modal of its own below this one: closing uncovers it, with the new card.
      close();
      modals.open('deposit', { currency: 'USD', ...props });
    } else close();
  };

  return (
    <ModalFrame title={t.cardInfoTitle} description={t.cardInfoDescription}>
      {methods.isPending ? (
        <LoadingBlock rows={3} />
      ) : methods.isError ? (
        <LoadFailed onRetry={() => void methods.refetch()} />
      ) : (
        <CardForm cashier={methods.data.cashier} onSaved={onSaved} />
      )}
    </ModalFrame>
  );
}
