import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/payments';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.paymentsTitle);

export default function Payments() {
  const t = usePageText();
  return <SimplePage title={t.paymentsTitle} empty={t.paymentsEmpty} icon="wallet" />;
}
