import type { PaymentMethodList } from '@coinfall/shared/contracts/payment';
import { useMessages } from '../../i18n/i18n.tsx';
import { paymentMessages } from '../../i18n/messages/payments.ts';
import { PayStep } from '../../features/payments/components/pay-step.tsx';
import { useBundles } from '../../features/payments/api/bundles.ts';
import { bundleIdFromSource } from '../../features/payments/bundles.fns.ts';
import { PurchaseCheckout } from '../../features/payments/components/purchase-checkout.tsx';
import { PurchaseBonusCode } from '../../features/bonus/components/purchase-bonus-code.tsx';
import { stringProp, useModalEntry } from '../../ui/modal/modal-entry.ts';
import { ModalActions, ModalFrame, PRIMARY_BUTTON } from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';

/** Checkout of the bundle named by `?modal=purchase&source=<bundle id>`. */
export default function PurchaseModal() {
  const t = useMessages(paymentMessages);
  const { entry, searchParams, close } = useModalEntry();
  const modals = useModals();
  const bundleId = bundleIdFromSource(searchParams.get('source'));
  const bundles = useBundles();
  const bundle = bundles.data?.find((b) => b.id === bundleId && b.active);

  const checkout = (methods: PaymentMethodList) =>
    !bundle ? (
      <>
        {/* No bundle named is not a bundle withdrawn from sale: say which it is. */}
        <p role="alert" className="text-sm text-text-muted">
          {bundleId === undefined ? t.purchaseNoSource : t.purchaseNoBundle}
        </p>
        <ModalActions>
          <button
            type="button"
            className={PRIMARY_BUTTON}
            onClick={() => modals.openKeyed('bundles')}
          >
            {t.chooseBundle}
          </button>
        </ModalActions>
      </>
    ) : (
      <PurchaseCheckout
        bundle={bundle}
        methods={methods}
        justAddedMethodId={stringProp(entry, 'methodId')}
        onDone={close}
        beforePay={<PurchaseBonusCode />}
      />
    );

  return (
    <ModalFrame title={t.purchaseTitle} description={t.purchaseDescription}>
      <PayStep rows={3} before={bundles}>
        {checkout}
      </PayStep>
    </ModalFrame>
  );
}
