import { pageMeta } from '../shell/page-meta';
import type { Route } from './+types/profile-limits';
import { usePageText } from '../i18n/texts';
import { LimitsSection } from '../features/profile/components/limits-section';
import { ProtectionSection } from '../features/protection/components/protection-section';
import { RealityCheckSection } from '../features/protection/components/reality-check-section';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileLimitsTitle);

export default function ProfileLimits() {
  const t = usePageText();
  return (
    <section>
      <h2 className="mb-4 font-display text-xl font-bold text-text">{t.profileLimitsTitle}</h2>
      <LimitsSection />
      <RealityCheckSection />
      <ProtectionSection />
    </section>
  );
}
