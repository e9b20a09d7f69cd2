import { Link } from 'react-router';
import { KEYED_MODALS } from '@coinfall/shared';
import { useModalHref } from '../../../lib/modals/modal-link.ts';
import { buttonClass } from '../../../ui/button.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import type { RetentionTexts } from '../../../i18n/messages/retention.ts';

/** What a guest sees where a player's quests or level would be (spec §6): sign up or sign in. */
export function GuestCall({ text, icon, t }: { text: string; icon: string; t: RetentionTexts }) {
  const modalHref = useModalHref();
  return (
    <EmptyState text={text} icon={icon}>
      <div className="flex flex-wrap justify-center gap-2" data-testid="guest-call">
        <Link to={modalHref(KEYED_MODALS.register)} className={buttonClass('primary', 'sm')}>
          {t.signUp}
        </Link>
        <Link to={modalHref(KEYED_MODALS.signIn)} className={buttonClass('outline', 'sm')}>
          {t.signIn}
        </Link>
      </div>
    </EmptyState>
  );
}
