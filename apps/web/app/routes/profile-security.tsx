import { pageMeta } from '../shell/page-meta';
import type { Route } from './+types/profile-security';
import { usePageText } from '../i18n/texts';
import { ChangePasswordForm } from '../features/profile/components/change-password-form';
import { RemoveAccountSection } from '../features/profile/components/remove-account-section';
import { SessionsList } from '../features/profile/components/sessions-list';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, (t) => t.profileSecurityTitle);

export default function ProfileSecurity() {
  const t = usePageText();
  return (
    <section>
      <h2 className="mb-4 font-display text-xl font-bold text-text">{t.profileSecurityTitle}</h2>
      <ChangePasswordForm />
      <SessionsList />
      <RemoveAccountSection />
    </section>
  );
}
