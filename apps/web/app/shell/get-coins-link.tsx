import { Link } from 'react-router';
import { useModalHref } from '../lib/modals/modal-link';
import { useShellText } from '../i18n/texts';
import { Icon } from '../ui/icon';

const LOOKS = {
  // Beside the balance: an accent "+" that grows its words where the header has room.
  header:
    'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-xl bg-accent px-2.5 text-sm font-bold text-on-accent hover:bg-accent-strong sm:px-3',
  // A row of a menu or the drawer, styled like the rows around it.
  row: 'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-semibold text-accent hover:bg-surface-2',
} as const;

/**
 * "Get coins": one tap from any page to the coin bundles (the `?modal=bundles` modal opens on
 * top of the current page, so the player comes back where they were).
 */
export function GetCoinsLink({
  look,
  onClick,
}: {
  look: keyof typeof LOOKS;
  onClick?: () => void;
}) {
  const t = useShellText();
  const modalHref = useModalHref();
  return (
    <Link
      to={modalHref('bundles')}
      preventScrollReset
      onClick={onClick}
      data-testid={`get-coins-${look}`}
      aria-label={look === 'header' ? t.getCoins : undefined}
      className={LOOKS[look]}
    >
      <Icon name="plus" className="size-5" />
      <span className={look === 'header' ? 'hidden sm:inline' : undefined}>{t.getCoins}</span>
    </Link>
  );
}
