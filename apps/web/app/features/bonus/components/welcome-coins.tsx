import { BonusCodeTrigger } from '@coinfall/shared/bonus-constants';
import { LoadState } from '../../../ui/load-state.tsx';
import { useAccounts } from '../../wallet/accounts.api.ts';
import { visibleAccounts } from '../../wallet/accounts.fns.ts';
import { useFormatAmount } from '../../wallet/use-format-amount.ts';
import { useBonusTexts } from '../hooks/use-bonus-texts';
import { BonusCodeForm } from './bonus-code-form';

/**
 * The verify-bonus modal's body (spec §4: after registration, terms agreed): the coins the new
 * player holds — the welcome coins, credited at sign-up — and an optional sign-up code
 * (trigger 1). A code a link brought is another trigger's: receive-bonus offers it next.
 */
export function WelcomeCoins() {
  const { t } = useBonusTexts();
  const accounts = useAccounts();
  const format = useFormatAmount();
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="welcome-balances" className="flex flex-col gap-2">
        <h3 id="welcome-balances" className="text-sm font-semibold text-text-muted">
          {t.verifyBalances}
        </h3>
        <LoadState texts={t} query={accounts} rows={2}>
          {(list) => (
            <ul className="flex flex-wrap gap-3" data-testid="welcome-coins">
              {visibleAccounts(list)
                .filter((account) => account.balance > 0)
                .map((account) => (
                  <li
                    key={account.id}
                    className="rounded-xl border border-accent/50 bg-accent/10 px-4 py-2 font-display text-lg font-bold text-text tabular-nums"
                  >
                    {format(account.balance, account.currency)}
                  </li>
                ))}
            </ul>
          )}
        </LoadState>
      </section>
      <section className="flex flex-col gap-2">
        <p className="text-sm text-text-muted">{t.verifyCodeIntro}</p>
        <BonusCodeForm trigger={BonusCodeTrigger.Registration} optional />
      </section>
    </div>
  );
}
