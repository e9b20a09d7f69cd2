import { pageMeta } from '../shell/page-meta';
import type { Route } from './+types/profile-history';
import { usePageText } from '../i18n/texts';
import { HistoryPage } from '../features/history/components/history-page';
import { GameRounds } from '../features/games/components/game-rounds';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileHistoryTitle);

/**
 * Money history: statistics, invoices (with cancelling a pending payout) and bundle purchases;
 * then the game rounds, each with a link to verify it.
 */
export default function ProfileHistory() {
  const t = usePageText();
  return (
    <section>
      <h2 className="mb-4 font-display text-xl font-bold text-text">{t.profileHistoryTitle}</h2>
      <HistoryPage />
      <GameRounds />
    </section>
  );
}
