import { useId, useState, type FormEvent } from 'react';
import type { WalletAccount } from '@coinfall/shared/contracts/wallet';
import { formatMessage, useMessages } from '../../../i18n/i18n.tsx';
import { walletMessages } from '../../../i18n/messages/wallet.ts';
import { buttonClass } from '../../../ui/button.ts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { createFailureOf, openableCurrencies } from '../accounts.fns.ts';
import { useAccountMutations } from '../accounts.api.ts';
import { useCurrencies } from '../api/currencies.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { LoadState } from '../../../ui/load-state.tsx';

/** Opens an account in an enabled currency the player has none in (POST /api/wallet/accounts). */
export function AddAccountForm({ accounts }: { accounts: WalletAccount[] }) {
  const texts = useMessages(walletMessages);
  const currencies = useCurrencies();
  return (
    <LoadState texts={texts} query={currencies} rows={1}>
      {(list) => (
        <AddAccountFields accounts={accounts} options={openableCurrencies(list, accounts)} />
      )}
    </LoadState>
  );
}

function AddAccountFields({
  accounts,
  options,
}: {
  accounts: WalletAccount[];
  options: ReturnType<typeof openableCurrencies>;
}) {
  const t = useMessages(walletMessages);
  const { create } = useAccountMutations();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [notice, setNotice] = useState<{ text: string; tone: 'info' | 'error' }>({
    text: '',
    tone: 'info',
  });
  const id = useId();
  const errorId = `${id}-error`;
  const chosen = options.some((c) => c.code === code) ? code : '';

  const failureText = (error: unknown) => {
    const failure = createFailureOf(error instanceof ApiError ? error.status : undefined);
    switch (failure) {
      case 'exists':
        return { field: t.addExists };
      case 'invalid':
        return { field: t.addInvalid };
      case 'other':
        return { notice: t.addFailed };
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice({ text: '', tone: 'info' });
    if (!chosen) {
      setFieldError(t.addRequired);
      return;
    }
    setFieldError('');
    create.mutate(
      { currency: chosen },
      {
        onSuccess: (account) => {
          setCode('');
          setNotice({ text: formatMessage(t.added, { currency: account.currency }), tone: 'info' });
        },
        onError: (error) => {
          const text = failureText(error);
          if (text.field) setFieldError(text.field);
          else setNotice({ text: text.notice ?? t.addFailed, tone: 'error' });
        },
      },
    );
  };

  if (options.length === 0 && accounts.length > 0)
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-text-muted">{t.addNone}</p>
        <LiveMessage text={notice.text} tone={notice.tone} />
      </div>
    );
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1 sm:flex-none">
          <label htmlFor={id} className="text-sm font-semibold text-text">
            {t.addField}
          </label>
          <select
            id={id}
            name="currency"
            value={chosen}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              setFieldError('');
            }}
            className="mt-1 block w-full rounded-lg border border-border-strong bg-bg px-3 py-2 text-text"
          >
            <option value="">{t.addPlaceholder}</option>
            {options.map((currency) => (
              <option key={currency.code} value={currency.code}>
                {currency.code} — {currency.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass('primary', 'md')} disabled={create.isPending}>
          {create.isPending ? t.adding : t.addSubmit}
        </button>
      </div>
      {fieldError && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {fieldError}
        </p>
      )}
      <LiveMessage text={notice.text} tone={notice.tone} />
    </form>
  );
}
