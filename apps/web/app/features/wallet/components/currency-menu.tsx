import { useState } from 'react';
import { Link } from 'react-router';
import type { WalletAccount } from '@coinfall/shared/contracts/wallet';
import { formatMessage, useLocalizedPath, useMessages } from '../../../i18n/i18n.tsx';
import { walletMessages } from '../../../i18n/messages/wallet.ts';
import { buttonClass } from '../../../ui/button.ts';
import { Icon } from '../../../ui/icon.tsx';
import { Popover, PopoverClose } from '../../../ui/popover.tsx';
import {
  activeAccountOf,
  currencyIndex,
  isActive,
  isWithdrawable,
  visibleAccounts,
} from '../accounts.fns.ts';
import { useCurrencies } from '../api/currencies.ts';
import { useModalHref } from '../../../lib/modals/modal-link.ts';
import { useModals } from '../../../lib/modals/use-modals.ts';
import { useAccountMutations, useAccounts } from '../accounts.api.ts';
import { useMoney } from '../use-money.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { LoadState } from '../../../ui/load-state.tsx';

type Texts = Record<keyof (typeof walletMessages)['en'], string>;

/**
 * The header's balance button (spec §3 wallet account, status 1 is the active one) and its
 * popover: the visible accounts with their base-currency value, a switch for each other one,
 * "Get coins", Withdraw when a money account exists, and the way to /profile/wallet.
 */
export function CurrencyMenu() {
  const t = useMessages(walletMessages);
  const accounts = useAccounts();
  const money = useMoney();
  const active = accounts.data ? activeAccountOf(accounts.data) : undefined;
  const balance = active ? money.balanceOf(active) : undefined;

  return (
    <Popover
      label={t.menuLabel}
      trigger={
        <button
          type="button"
          data-testid="currency-nav"
          aria-label={balance ? formatMessage(t.menuButton, { balance }) : t.menuNoActive}
          className="inline-flex h-10 items-center gap-2 rounded-xl border border-border-strong bg-surface-2 px-3 text-sm font-semibold text-text hover:border-accent"
        >
          <Icon name="wallet" className="size-4.5 text-accent" />
          {balance ? (
            <span className="tabular-nums">{balance}</span>
          ) : accounts.isPending ? (
            <span aria-hidden className="h-4 w-16 animate-pulse rounded bg-surface-raised" />
          ) : (
            <span>{t.menuNoActive}</span>
          )}
          <Icon name="chevron" className="size-4 text-text-muted" />
        </button>
      }
    >
      <LoadState texts={t} query={accounts} rows={2}>
        {(list) => <AccountChoices accounts={visibleAccounts(list)} t={t} />}
      </LoadState>
    </Popover>
  );
}

function AccountChoices({ accounts, t }: { accounts: WalletAccount[]; t: Texts }) {
  const money = useMoney();
  const localize = useLocalizedPath();
  const modalHref = useModalHref();
  const modals = useModals();
  const currencies = currencyIndex(useCurrencies().data);
  const canWithdraw = accounts.some((account) => isWithdrawable(account, currencies));
  const { switchTo } = useAccountMutations();
  const [notice, setNotice] = useState<{ text: string; tone: 'info' | 'error' }>({
    text: '',
    tone: 'info',
  });

  return (
    <div className="flex flex-col gap-2">
      {accounts.length === 0 ? (
        <p className="px-3 py-4 text-sm text-text-muted">{t.menuEmpty}</p>
      ) : (
        <ul aria-label={t.accountsTitle} className="flex flex-col">
          {accounts.map((account) => (
            <li
              key={account.id}
              data-testid="currency-nav-account"
              className="flex items-center gap-3 rounded-xl px-3 py-2 hover:bg-surface-2"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-text tabular-nums">
                  {money.balanceOf(account)}
                </p>
                <p className="text-xs text-text-muted tabular-nums">
                  {formatMessage(t.equivalentOf, { amount: money.equivalentOf(account) })}
                </p>
              </div>
              {isActive(account) ? (
                <span className="rounded-full bg-primary/20 px-2 py-0.5 text-xs font-semibold text-text">
                  {t.active}
                </span>
              ) : (
                <button
                  type="button"
                  className={buttonClass('outline', 'sm')}
                  aria-label={formatMessage(t.switchLabel, { currency: account.currency })}
                  disabled={switchTo.isPending}
                  onClick={() => {
                    setNotice({ text: '', tone: 'info' });
                    switchTo.mutate(account.id, {
                      onSuccess: () =>
                        setNotice({
                          text: formatMessage(t.switched, { currency: account.currency }),
                          tone: 'info',
                        }),
                      onError: () => setNotice({ text: t.switchFailed, tone: 'error' }),
                    });
                  }}
                >
                  {t.switch}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="px-3">
        <LiveMessage text={notice.text} tone={notice.tone} />
      </div>
      <div className="flex gap-2 border-t border-border px-3 pt-2">
        <PopoverClose>
          <Link
            to={modalHref('bundles')}
            preventScrollReset
            data-testid="get-coins-wallet"
            className={buttonClass('accent', 'sm', 'flex-1')}
          >
            <Icon name="plus" className="size-4" />
            {t.getCoins}
          </Link>
        </PopoverClose>
        {canWithdraw ? (
          <PopoverClose>
            <button
              type="button"
              className={buttonClass('outline', 'sm', 'flex-1')}
              onClick={() => modals.open('withdraw')}
            >
              {t.withdraw}
            </button>
          </PopoverClose>
        ) : null}
      </div>
      <PopoverClose>
        <Link
          to={localize('/profile/wallet')}
          className="mt-1 flex items-center gap-3 rounded-xl border-t border-border px-3 py-2 text-sm text-text hover:bg-surface-2"
        >
          <Icon name="wallet" className="size-4.5" />
          {t.manageAccounts}
        </Link>
      </PopoverClose>
    </div>
  );
}
