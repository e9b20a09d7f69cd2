import { promotionsSchema } from '@coinfall/shared';
import { BonusesPage } from '../features/bonus/components/bonuses-page';
import { findContent } from '../shell/content.server';
import { pageMeta } from '../shell/page-meta';
import { shouldRevalidateIgnoringTracking } from '../shell/revalidation';
import type { Route } from './+types/profile-bonuses';
import { usePageText } from '../i18n/texts';

/** Bonuses are named from content by their definition's slug (the promotions document). */
export function loader({ request, context }: Route.LoaderArgs) {
  const promotions = findContent(context, request, 'promotions', promotionsSchema);
  return { names: promotions?.bonusNames ?? {} };
}

export const shouldRevalidate = shouldRevalidateIgnoringTracking;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileBonusesTitle);

/** Active, issued and finished bonuses, free spins, a bonus code and the daily bonus. */
export default function ProfileBonuses({ loaderData }: Route.ComponentProps) {
  const t = usePageText();
  return (
    <section>
      <h2 className="mb-4 font-display text-xl font-bold text-text">{t.profileBonusesTitle}</h2>
      <BonusesPage names={loaderData.names} />
    </section>
  );
}
