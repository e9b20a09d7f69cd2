import { promotionsSchema, questsSchema } from '@coinfall/shared';
import { QuestsListPage } from '../features/retention/components/quests-list-page';
import { findContent } from '../shell/content.server';
import { pageMeta } from '../shell/page-meta';
import { shouldRevalidateIgnoringTracking } from '../shell/revalidation';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/quests-list';
import { usePageText } from '../i18n/texts';

/** The quests document gives the state texts; rewards are named from the promotions one. */
export function loader({ request, context }: Route.LoaderArgs) {
  return {
    content: findContent(context, request, 'quests', questsSchema) ?? null,
    names: findContent(context, request, 'promotions', promotionsSchema)?.bonusNames ?? {},
  };
}

export const shouldRevalidate = shouldRevalidateIgnoringTracking;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.questsListTitle);

/** Active quests and chains, with their tasks moving live. */
export default function QuestsList({ loaderData }: Route.ComponentProps) {
  const t = usePageText();
  if (!loaderData.content)
    return <SimplePage title={t.questsListTitle} empty={t.pageEmpty} icon="quests" heading="h2" />;
  return (
    <section>
      <h2 className="sr-only">{t.questsListTitle}</h2>
      <QuestsListPage content={loaderData.content} names={loaderData.names} />
    </section>
  );
}
