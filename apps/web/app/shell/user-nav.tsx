import { Link } from 'react-router';
import { useShellText } from '../i18n/texts';
import { buttonClass } from '../ui/button';
import { useModalHref } from '../lib/modals/modal-link';

/** Sign-in and sign-up for guests; they open their modals. */
export function GuestLinks() {
  const t = useShellText();
  const modalHref = useModalHref();
  return (
    <div className="flex items-center gap-2">
      <Link to={modalHref('sign-in')} className={buttonClass('outline', 'sm', 'sm:h-10 sm:px-4')}>
        {t.signIn}
      </Link>
      <Link to={modalHref('sign-up')} className={buttonClass('primary', 'sm', 'sm:h-10 sm:px-4')}>
        {t.signUp}
      </Link>
    </div>
  );
}
