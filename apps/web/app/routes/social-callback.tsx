import { pageMeta } from '../shell/page-meta';
import { SOCIAL_CONNECTIONS, validateRouteParams } from '../shell/route-validation';
import type { Route } from './+types/social-callback';
import { usePageText } from '../i18n/texts';

export async function loader({ request, params }: Route.LoaderArgs) {
  validateRouteParams(request, params, { connection: { oneOf: SOCIAL_CONNECTIONS } });
  return { connection: params.connection };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.socialCallbackTitle);

/** Social login return; exchanging ?code= for a session comes with the auth issue. */
export default function SocialCallback() {
  const t = usePageText();
  return (
    <section
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center"
      aria-busy="true"
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-border-strong border-t-accent"
      />
      <h1 className="font-display text-2xl font-bold">{t.socialCallbackTitle}</h1>
      <p className="text-text-muted">{t.socialCallbackText}</p>
    </section>
  );
}
