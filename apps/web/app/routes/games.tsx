import { pageMeta } from '../shell/page-meta';
import { SimplePage } from '../shell/simple-page';
import type { Route } from './+types/games';
import { usePageText } from '../i18n/texts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, (t) => t.gamesTitle);

/** The lobby grid; collections and providers fill it with the games issue. */
export default function Games() {
  const t = usePageText();
  return <SimplePage title={t.gamesTitle} empty={t.gamesEmpty} icon="games" />;
}
