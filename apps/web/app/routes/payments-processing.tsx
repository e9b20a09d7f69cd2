import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/payments-processing';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.paymentsProcessingTitle);

export default function PaymentsProcessing() {
  const t = useMessages(pageMessages);
  return (
    <SimplePage title={t.paymentsProcessingTitle} empty={t.paymentsProcessingText} icon="wallet" />
  );
}
