import { pageMeta } from '../shell/page-meta';
import type { Route } from './+types/profile-info';
import { usePageText } from '../i18n/texts';
import { useMessages } from '../i18n/i18n';
import { profileMessages } from '../i18n/messages/profile';
import { DocumentsSection } from '../features/profile/components/documents-section';
import { PageSection } from '../ui/page-section.tsx';
import { ProfileForm } from '../features/profile/components/profile-form';
import { VerificationStatus } from '../features/profile/components/verification-status';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileInfoTitle);

/** The profile form, then verification (email, phone, identity) and the documents behind it. */
export default function ProfileInfo() {
  const t = usePageText();
  const m = useMessages(profileMessages);
  return (
    <section>
      <h2 className="mb-4 font-display text-xl font-bold text-text">{t.profileInfoTitle}</h2>
      <PageSection id="profile-form" title={m.formTitle}>
        <div className="max-w-xl">
          <ProfileForm />
        </div>
      </PageSection>
      <VerificationStatus />
      <DocumentsSection />
    </section>
  );
}
