import { pageMeta } from '../shell/page-meta';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/payments';
import { usePageText } from '../i18n/texts';
import { useMessages } from '../i18n/i18n';
import { paymentMessages } from '../i18n/messages/payments';
import { PaymentsHub } from '../features/payments/components/payments-hub';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.paymentsTitle);

export default function Payments() {
  const t = usePageText();
  const p = useMessages(paymentMessages);
  return (
    <section>
      <PageHeader title={t.paymentsTitle} description={p.hubIntro} />
      <PaymentsHub />
    </section>
  );
}
