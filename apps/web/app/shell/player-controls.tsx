import { DeferredBonusWatch } from '../features/bonus/components/deferred-bonus-watch';
import { LevelBadge } from '../features/retention/components/level-badge';
import { AccountMenu } from './account-menu';
import { CurrencyNav } from './currency-nav';
import { GetCoinsLink } from './get-coins-link';
import { NotificationPopover } from './notification-popover';

/**
 * Header controls only a logged-in player sees: balance and "Get coins", loyalty level, notifications, account menu. Loaded on
 * demand, so a guest's first page never downloads them.
 */
export function PlayerControls() {
  return (
    <>
      <CurrencyNav />
      <LevelBadge />
      <GetCoinsLink look="header" />
      <NotificationPopover />
      <AccountMenu />
      <DeferredBonusWatch />
    </>
  );
}
