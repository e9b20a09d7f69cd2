import { useMessages } from '../i18n/i18n';
import { pageMessages } from '../i18n/messages/pages';
import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/games';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.gamesTitle);

/** The lobby grid; collections and providers fill it with the games issue. */
export default function Games() {
  const t = useMessages(pageMessages);
  return <SimplePage title={t.gamesTitle} empty={t.gamesEmpty} icon="games" />;
}
