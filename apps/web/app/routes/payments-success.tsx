import { pageMeta } from '../shell/page-meta';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/payments-success';
import { usePageText } from '../i18n/texts';
import { InvoiceLanding } from '../features/payments/components/invoice-landing';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.paymentsSuccessTitle);

/** Return page of the non-framed payment flow; the invoice says how it really ended. */
export default function PaymentsSuccess() {
  const t = usePageText();
  return (
    <section>
      <PageHeader title={t.paymentsSuccessTitle} />
      <InvoiceLanding />
    </section>
  );
}
