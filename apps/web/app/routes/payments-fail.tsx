import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/payments-fail';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.paymentsFailTitle);

export default function PaymentsFail() {
  const t = usePageText();
  return <SimplePage title={t.paymentsFailTitle} empty={t.paymentsFailText} icon="wallet" />;
}
