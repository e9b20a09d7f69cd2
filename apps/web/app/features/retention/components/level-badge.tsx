import { Link } from 'react-router';
import { formatMessage, useLocalizedPath } from '../../../i18n/i18n.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useRetentionAccount } from '../api/loyalty.api';
import { useRetentionTexts } from '../hooks/use-retention-texts';

/**
 * The player's loyalty level in the header, leading to /loyalty. Kept fresh by the account
 * pushes; shows nothing until the account is read (the header has no room for a failure). Not on
 * phones: the header is full there (390 px), and the drawer's Rewards section leads to /loyalty.
 */
export function LevelBadge() {
  const account = useRetentionAccount();
  const { t } = useRetentionTexts();
  const localize = useLocalizedPath();
  if (!account.data) return null;
  const { currentLevel, currentSublevel } = account.data;
  const label = formatMessage(t.headerLevel, {
    level: currentLevel.label,
    sublevel: currentSublevel.label,
  });
  return (
    <Link
      to={localize('/loyalty')}
      aria-label={label}
      title={label}
      data-testid="level-badge"
      className="hidden h-10 items-center gap-1.5 rounded-full border border-border px-3 text-xs font-semibold text-text hover:bg-surface-2 sm:flex"
    >
      <Icon name="crown" className="size-4 text-accent" />
      <span className="hidden sm:inline">
        {currentLevel.label} {currentSublevel.label}
      </span>
    </Link>
  );
}
