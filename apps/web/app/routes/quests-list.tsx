import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/quests-list';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.questsListTitle);

export default function QuestsList() {
  const t = usePageText();
  return (
    <SimplePage title={t.questsListTitle} empty={t.questsListEmpty} icon="quests" heading="h2" />
  );
}
