import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/payments-processing';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.paymentsProcessingTitle);

export default function PaymentsProcessing() {
  const t = usePageText();
  return (
    <SimplePage title={t.paymentsProcessingTitle} empty={t.paymentsProcessingText} icon="wallet" />
  );
}
