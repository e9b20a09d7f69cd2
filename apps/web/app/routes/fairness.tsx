import { useMessages } from '../i18n/i18n';
import { gamesMessages } from '../i18n/messages/games';
import { FairnessExplainer } from '../features/games/components/fairness-explainer';
import { Verifier } from '../features/games/components/verifier';
import { pageMeta } from '../shell/page-meta';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/fairness';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.fairnessTitle);

/** /fairness: how outcomes are made, and a verifier that recomputes a round in the browser. */
export default function Fairness() {
  const page = usePageText();
  const t = useMessages(gamesMessages);
  return (
    <>
      <PageHeader title={page.fairnessTitle} description={t.fairnessPageIntro} />
      <div className="grid gap-6 xl:grid-cols-2">
        <FairnessExplainer t={t} />
        <Verifier t={t} />
      </div>
    </>
  );
}
