import { Icon } from '../ui/icon';
import { Popover } from '../ui/popover';
import { useRootData } from './root-data';
import { useShellText } from '../i18n/texts';

/**
 * Balance button for players. Wallet accounts (the active one, status 1, and the rest) come with
 * the wallet issue; until then the popover says what will appear.
 */
export function CurrencyNav() {
  const { isAuthenticated } = useRootData();
  const t = useShellText();
  if (!isAuthenticated) return null;
  return (
    <Popover
      label={t.currencyMenu}
      trigger={
        <button
          type="button"
          className="inline-flex h-10 items-center gap-2 rounded-xl border border-border-strong bg-surface-2 px-3 text-sm font-semibold text-text hover:border-accent"
        >
          <Icon name="wallet" className="size-4.5 text-accent" />
          <span>{t.currencyMenu}</span>
          <Icon name="chevron" className="size-4 text-text-muted" />
        </button>
      }
    >
      <p className="px-3 py-4 text-sm text-text-muted">{t.currencyEmpty}</p>
    </Popover>
  );
}
