import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/payments-success';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.paymentsSuccessTitle);

export default function PaymentsSuccess() {
  const t = usePageText();
  return <SimplePage title={t.paymentsSuccessTitle} empty={t.paymentsSuccessText} icon="wallet" />;
}
