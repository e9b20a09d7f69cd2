import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/quests-list';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.questsListTitle);

export default function QuestsList() {
  const t = useMessages(pageMessages);
  return (
    <SimplePage title={t.questsListTitle} empty={t.questsListEmpty} icon="quests" heading="h2" />
  );
}
