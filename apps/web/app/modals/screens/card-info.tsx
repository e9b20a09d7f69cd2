import { useMessages } from '../../i18n/i18n.tsx';
import { paymentMessages } from '../../i18n/messages/payments.ts';
import { refreshPurchaseMethods } from '../../features/payments/api/purchase-methods.ts';
import { CardForm } from '../../features/payments/components/card-form.tsx';
import { PayStep } from '../../features/payments/components/pay-step.tsx';
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
      <PayStep rows={3}>
        {(methods) => <CardForm cashier={methods.cashier} onSaved={onSaved} />}
      </PayStep>
    </ModalFrame>
  );
}
