import { useMessages } from '../../i18n/i18n.tsx';
import { paymentMessages } from '../../i18n/messages/payments.ts';
import { BundleList } from '../../features/payments/components/bundle-list.tsx';
import { ModalFrame } from '../../ui/modal/modal-frame.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';

/** The coin shop (GET /api/shop/bundles); a chosen bundle goes on to the purchase modal. */
export default function BundlesModal() {
  const t = useMessages(paymentMessages);
  const modals = useModals();
  return (
    <ModalFrame title={t.bundlesTitle} description={t.bundlesDescription}>
      <BundleList
        onChoose={(bundle) =>
          // The bundle rides in the scoped `source` param: it survives a reload and goes on close.
          modals.openKeyed('purchase', { params: { source: String(bundle.id) } })
        }
      />
    </ModalFrame>
  );
}
