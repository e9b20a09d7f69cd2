import { promotionsSchema, questsSchema } from '@coinfall/shared';
import { AchievementsPage } from '../features/retention/components/achievements-page';
import { findContent } from '../shell/content.server';
import { pageMeta } from '../shell/page-meta';
import { shouldRevalidateIgnoringTracking } from '../shell/revalidation';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/quests-achievements';
import { usePageText } from '../i18n/texts';

export function loader({ request, context }: Route.LoaderArgs) {
  return {
    content: findContent(context, request, 'quests', questsSchema) ?? null,
    names: findContent(context, request, 'promotions', promotionsSchema)?.bonusNames ?? {},
  };
}

export const shouldRevalidate = shouldRevalidateIgnoringTracking;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.questsAchievementsTitle);

/** Awarded quests and chains, with when the reward came and what it was. */
export default function QuestsAchievements({ loaderData }: Route.ComponentProps) {
  const t = usePageText();
  if (!loaderData.content)
    return (
      <SimplePage
        title={t.questsAchievementsTitle}
        empty={t.pageEmpty}
        icon="loyalty"
        heading="h2"
      />
    );
  return (
    <section>
      <h2 className="sr-only">{t.questsAchievementsTitle}</h2>
      <AchievementsPage content={loaderData.content} names={loaderData.names} />
    </section>
  );
}
