import { useId, useState } from 'react';
import type { WalletAccount } from '@coinfall/shared/contracts/wallet';
import { formatMessage, useMessages } from '../../../i18n/i18n.tsx';
import { walletMessages } from '../../../i18n/messages/wallet.ts';
import { buttonClass } from '../../../ui/button.ts';
import { currencyIndex, isActive, isWithdrawable } from '../accounts.fns.ts';
import { useCurrencies } from '../api/currencies.ts';
import { useModals } from '../../../lib/modals/use-modals.ts';
import { useAccountMutations, useAccounts } from '../accounts.api.ts';
import { useMoney } from '../use-money.ts';
import { AddAccountForm } from './add-account-form.tsx';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { LoadState } from '../../../ui/load-state.tsx';
import { PageSection } from '../../../ui/page-section.tsx';

type Texts = Record<keyof (typeof walletMessages)['en'], string>;
type Notice = { text: string; tone: 'info' | 'error' };

/**
 * /profile/wallet: every account with its balance, the withdraw (money accounts), switch and hide
 * actions, and adding one.
 */
export function AccountsSection() {
  const t = useMessages(walletMessages);
  const accounts = useAccounts();
  return (
    <>
      <PageSection id="wallet-accounts" title={t.accountsTitle} description={t.accountsIntro}>
        <LoadState texts={t} query={accounts} rows={3}>
          {(list) => <AccountsTable accounts={list} t={t} />}
        </LoadState>
      </PageSection>
      <PageSection id="wallet-add" title={t.addTitle} description={t.addIntro}>
        <LoadState texts={t} query={accounts} rows={1}>
          {(list) => <AddAccountForm accounts={list} />}
        </LoadState>
      </PageSection>
    </>
  );
}

function AccountsTable({ accounts, t }: { accounts: WalletAccount[]; t: Texts }) {
  const money = useMoney();
  const modals = useModals();
  const currencies = currencyIndex(useCurrencies().data);
  const { switchTo, hide } = useAccountMutations();
  const [notice, setNotice] = useState<Notice>({ text: '', tone: 'info' });
  const hintId = useId();
  const busy = switchTo.isPending || hide.isPending;
  const baseCurrency = accounts[0]?.equivalent.currency ?? '';

  const run = (action: typeof switchTo, account: WalletAccount, done: string, failed: string) => {
    setNotice({ text: '', tone: 'info' });
    action.mutate(account.id, {
      onSuccess: () =>
        setNotice({ text: formatMessage(done, { currency: account.currency }), tone: 'info' }),
      onError: () => setNotice({ text: failed, tone: 'error' }),
    });
  };

  if (accounts.length === 0) return <p className="text-sm text-text-muted">{t.accountsEmpty}</p>;
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t.accountsTitle}</caption>
          <thead className="text-xs text-text-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t.colCurrency}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t.colBalance}
              </th>
              {/* Phones keep currency, balance and the actions in view: the value and the
                  status columns go, and the status badges move under the currency. */}
              <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">
                {formatMessage(t.colEquivalent, { currency: baseCurrency })}
              </th>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                {t.colStatus}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t.colActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => {
              const active = isActive(account);
              return (
                <tr
                  key={account.id}
                  data-testid="wallet-account-row"
                  className="border-t border-border"
                >
                  <th scope="row" className="px-3 py-3 font-semibold text-text">
                    {account.currency}
                    <span className="mt-1 block sm:hidden">
                      <StatusBadges active={active} hidden={account.hidden} t={t} />
                    </span>
                  </th>
                  <td className="px-3 py-3 text-right text-text tabular-nums">
                    {money.balanceOf(account)}
                  </td>
                  <td className="hidden px-3 py-3 text-right text-text-muted tabular-nums sm:table-cell">
                    {money.equivalentOf(account)}
                  </td>
                  <td className="hidden px-3 py-3 sm:table-cell">
                    <StatusBadges active={active} hidden={account.hidden} t={t} />
                  </td>
                  <td className="px-3 py-3">
                    <span className="flex flex-wrap justify-end gap-2">
                      {isWithdrawable(account, currencies) && (
                        <button
                          type="button"
                          className={buttonClass('outline', 'sm')}
                          aria-label={formatMessage(t.withdrawLabel, {
                            currency: account.currency,
                          })}
                          onClick={() => modals.open('withdraw')}
                        >
                          {t.withdraw}
                        </button>
                      )}
                      {!active && (
                        <button
                          type="button"
                          className={buttonClass('outline', 'sm')}
                          aria-label={formatMessage(t.switchLabel, { currency: account.currency })}
                          disabled={busy}
                          onClick={() => run(switchTo, account, t.switched, t.switchFailed)}
                        >
                          {t.switch}
                        </button>
                      )}
                      {!account.hidden && (
                        // The active account stays focusable so its explanation can be reached.
                        <button
                          type="button"
                          className={`${buttonClass('ghost', 'sm')} aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
                          aria-label={formatMessage(t.hideLabel, { currency: account.currency })}
                          aria-disabled={active || busy ? true : undefined}
                          aria-describedby={active ? hintId : undefined}
                          onClick={() => {
                            if (!active && !busy) run(hide, account, t.hiddenDone, t.hideFailed);
                          }}
                        >
                          {t.hide}
                        </button>
                      )}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p id={hintId} className="text-xs text-text-muted">
        {t.hideActiveHint}
      </p>
      <LiveMessage text={notice.text} tone={notice.tone} />
    </div>
  );
}

function StatusBadges({ active, hidden, t }: { active: boolean; hidden: boolean; t: Texts }) {
  return (
    <span className="flex flex-wrap gap-1">
      {active && (
        <span className="rounded-full bg-primary/20 px-2 py-0.5 text-xs font-semibold text-text">
          {t.active}
        </span>
      )}
      {hidden && (
        <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-text-muted">
          {t.hidden}
        </span>
      )}
    </span>
  );
}
