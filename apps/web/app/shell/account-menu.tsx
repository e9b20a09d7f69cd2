import { NavLink } from 'react-router';
import { DailyBonusMenuEntry } from '../features/bonus/components/daily-bonus-menu';
import { useLogout, useSessionWatch } from '../features/session/use-session';
import { useLocalizedPath } from '../i18n/i18n';
import { useShellText } from '../i18n/texts';
import { Icon } from '../ui/icon';
import { Popover, PopoverClose } from '../ui/popover';
import { GetCoinsLink } from './get-coins-link';

const PROFILE_LINKS = [
  { path: '/profile/info', icon: 'user', text: 'profile' },
  { path: '/profile/wallet', icon: 'wallet', text: 'wallet' },
  { path: '/profile/bonuses', icon: 'bonuses', text: 'bonuses' },
  { path: '/profile/history', icon: 'history', text: 'history' },
  { path: '/profile/limits', icon: 'limits', text: 'limits' },
  { path: '/profile/security', icon: 'shield', text: 'security' },
] as const;

/** The player's account menu: Get coins, the daily bonus, profile pages and logout. */
export function AccountMenu() {
  const t = useShellText();
  const localize = useLocalizedPath();
  // Spec §4 "Logout": POST /api/player/sessions/logout (errors ignored), cookie cleared, home.
  const logout = useLogout();
  // The token check and inactivity logout run while this menu (logged in only) is mounted; it
  // is part of the header's lazily loaded player controls, so guests never download them.
  useSessionWatch();

  return (
    <Popover
      label={t.accountMenu}
      width="w-64"
      trigger={
        <button
          type="button"
          aria-label={t.accountMenu}
          className="grid size-10 place-items-center rounded-full bg-gradient-to-br from-accent to-primary text-on-primary ring-2 ring-border-strong hover:ring-accent"
        >
          <Icon name="user" />
        </button>
      }
    >
      <PopoverClose asChild>
        <GetCoinsLink look="row" />
      </PopoverClose>
      <DailyBonusMenuEntry />
      <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wider text-text-muted uppercase">
        {t.myAccount}
      </p>
      <ul className="flex flex-col">
        {PROFILE_LINKS.map((item) => (
          <li key={item.path}>
            <PopoverClose asChild>
              <NavLink
                to={localize(item.path)}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-xl px-3 py-2 text-sm hover:bg-surface-2 ${isActive ? 'text-accent' : 'text-text'}`
                }
              >
                <Icon name={item.icon} className="size-4.5" />
                {t[item.text]}
              </NavLink>
            </PopoverClose>
          </li>
        ))}
        <li className="mt-1 border-t border-border pt-1">
          <button
            type="button"
            onClick={() => void logout()}
            className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-left text-sm text-text hover:bg-surface-2"
          >
            <Icon name="logout" className="size-4.5" />
            {t.logout}
          </button>
        </li>
      </ul>
    </Popover>
  );
}
