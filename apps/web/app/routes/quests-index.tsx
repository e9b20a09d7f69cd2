import { redirect } from 'react-router';
import { localizePath, splitLocalePath } from '@coinfall/shared/locales';
import type { Route } from './+types/quests-index';

/** /quests has no page of its own: the list is the first tab. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  throw redirect(
    `${localizePath('/quests/list', splitLocalePath(url.pathname).locale)}${url.search}`,
  );
}

export default function QuestsIndex() {
  return null;
}
