import { BonusCodeTrigger } from '@coinfall/shared/bonus-constants';
import { PageSection } from '../../../ui/page-section.tsx';
import { useBonusTexts, type BonusNames } from '../hooks/use-bonus-texts';
import { BonusCodeForm } from './bonus-code-form';
import { BonusTabs } from './bonus-tabs';
import { DailyBonus } from './daily-bonus';
import { FreeSpinsList } from './free-spins-list';

/** /profile/bonuses: the bonuses by status, the free spins, a code to enter, the daily bonus. */
export function BonusesPage({ names }: { names: BonusNames }) {
  const { t } = useBonusTexts(names);
  return (
    <>
      <PageSection id="bonus-list" title={t.tabsLabel}>
        <BonusTabs names={names} />
      </PageSection>
      <PageSection id="free-spins" title={t.freeSpinsTitle} description={t.freeSpinsDescription}>
        <FreeSpinsList />
      </PageSection>
      <div className="grid gap-x-6 md:grid-cols-2">
        <PageSection id="bonus-code" title={t.codeTitle}>
          <BonusCodeForm trigger={BonusCodeTrigger.Instant} />
        </PageSection>
        <PageSection id="daily-bonus" title={t.dailyTitle} description={t.dailyDescription}>
          <DailyBonus />
        </PageSection>
      </div>
    </>
  );
}
