import { useBonusTexts } from '../hooks/use-bonus-texts';
import { DailyBonus } from './daily-bonus';

/**
 * The daily bonus in the account menu (header): its title and the compact claim or countdown.
 * The menu renders it only while open, so the state is read when the player looks.
 */
export function DailyBonusMenuEntry() {
  const { t } = useBonusTexts();
  return (
    <section
      aria-labelledby="daily-bonus-menu-title"
      className="mx-1 mb-2 rounded-xl border border-accent/40 bg-accent/10 px-3 py-2.5"
    >
      <h2 id="daily-bonus-menu-title" className="mb-1.5 text-sm font-semibold text-text">
        {t.dailyMenu}
      </h2>
      <DailyBonus compact />
    </section>
  );
}
