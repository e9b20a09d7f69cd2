import type { ShellHandle } from '../shell/layout-kind';
import type { RootData } from '../lib/root-data';
import { errorMessages } from '../i18n/messages/errors';
import { localeFromMatches, titleMeta } from '../shell/page-meta';
import { ErrorPage } from '../shell/error-page';
import type { Route } from './+types/error-404';

export const handle: ShellHandle = { layout: 'locked' };

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
  return titleMeta(
    root?.content.errorPages['404'].title ??
      errorMessages[localeFromMatches(matches)].error404Title,
  );
};

export default function ErrorRoute() {
  return <ErrorPage code="404" />;
}
