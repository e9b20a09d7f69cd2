import { useMessages } from '../../../i18n/i18n.tsx';
import { paymentMessages } from '../../../i18n/messages/payments.ts';
import { usePurchaseMethods } from '../../payments/api/purchase-methods.ts';
import { LoadFailed, LoadingBlock } from '../../payments/components/payment-ui.tsx';
import { useMethodsFailure } from '../../payments/hooks/use-methods-failure.ts';
import { useBundles } from '../../shop/api/bundles.ts';
import { bundleIdFromSource } from '../../shop/bundles.fns.ts';
import { PurchaseCheckout } from '../../shop/components/purchase-checkout.tsx';
import { stringProp, useModalEntry } from '../modal-entry.ts';
import { ModalActions, ModalFrame, PRIMARY_BUTTON } from '../modal-frame.tsx';
import { useModals } from '../use-modals.ts';

/** Checkout of the bundle named by `?modal=purchase&source=<bundle id>`. */
export default function PurchaseModal() {
  const t = useMessages(paymentMessages);
  const { entry, searchParams, close } = useModalEntry();
  const modals = useModals();
  const bundleId = bundleIdFromSource(searchParams.get('source'));
  const bundles = useBundles();
  const methods = usePurchaseMethods();
  useMethodsFailure(methods.error);
  const bundle = bundles.data?.find((b) => b.id === bundleId && b.active);

  let body;
  if (bundles.isPending || methods.isPending) body = <LoadingBlock rows={3} />;
  else if (bundles.isError) body = <LoadFailed onRetry={() => void bundles.refetch()} />;
  else if (methods.isError) body = <LoadFailed onRetry={() => void methods.refetch()} />;
  else if (!bundle)
    body = (
      <>
        <p role="alert" className="text-sm text-text-muted">
          {t.purchaseNoBundle}
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
    );
  else
    body = (
      <PurchaseCheckout
        bundle={bundle}
        methods={methods.data}
        justAddedMethodId={stringProp(entry, 'methodId')}
        onAddCard={() =>
          modals.openKeyed('card-info', {
            params: { backTo: 'purchase', source: String(bundle.id) },
          })
        }
        onDone={close}
      />
    );

  return (
    <ModalFrame title={t.purchaseTitle} description={t.purchaseDescription}>
      {body}
    </ModalFrame>
  );
}
