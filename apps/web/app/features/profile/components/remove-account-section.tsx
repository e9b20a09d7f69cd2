import { useMessages } from '../../../i18n/i18n.tsx';
import { profileMessages } from '../../../i18n/messages/profile.ts';
import { buttonClass } from '../../../ui/button.ts';
import { useModals } from '../../../lib/modals/use-modals.ts';
import { PageSection } from '../../../ui/page-section.tsx';

/** Opens the remove-account modal, which asks and does the removal. */
export function RemoveAccountSection() {
  const t = useMessages(profileMessages);
  const modals = useModals();
  return (
    <PageSection id="remove-account" title={t.removeAccountTitle} description={t.removeAccountText}>
      <button
        type="button"
        className={buttonClass('outline', 'md', 'border-danger text-danger')}
        onClick={() => modals.openKeyed('remove-account')}
      >
        {t.removeAccount}
      </button>
    </PageSection>
  );
}
