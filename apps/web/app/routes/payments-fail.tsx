import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/payments-fail';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.paymentsFailTitle);

export default function PaymentsFail() {
  const t = useMessages(pageMessages);
  return <SimplePage title={t.paymentsFailTitle} empty={t.paymentsFailText} icon="wallet" />;
}
