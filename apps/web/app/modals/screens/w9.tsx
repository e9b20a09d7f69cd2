import { useState, type FormEvent } from 'react';
import { formatMessage, useMessages } from '../../i18n/i18n.tsx';
import { redeemMessages, type RedeemTexts } from '../../i18n/messages/redeem.ts';
import { FormAlert, StatusNote, TextField } from '../../features/account/account-ui.tsx';
import { PlayerGate } from '../../features/account/player-gate.tsx';
import { useSubmitW9, useW9Status } from '../../features/redeem/api/w9';
import {
  EMPTY_W9,
  maskTin,
  validateW9,
  type W9Draft,
  type W9Field,
} from '../../features/redeem/w9-form.fns';
import { ApiError, fieldIssuesOf } from '../../lib/api/api-error.ts';
import { useModalEntry } from '../../ui/modal/modal-entry.ts';
import {
  LINK_BUTTON,
  ModalActions,
  ModalFrame,
  PRIMARY_BUTTON,
  SuccessMark,
} from '../../ui/modal/modal-frame.tsx';
import { modalNameForKey } from '../../lib/modals/modal-query.fns.ts';
import { useModals } from '../../lib/modals/use-modals.ts';

type TextKey = Exclude<W9Field, 'certify'>;
const TEXT_FIELDS: { name: TextKey; label: keyof RedeemTexts; autoComplete: string }[] = [
  { name: 'legalName', label: 'legalName', autoComplete: 'name' },
  { name: 'tin', label: 'tin', autoComplete: 'off' },
  { name: 'address', label: 'address', autoComplete: 'street-address' },
  { name: 'city', label: 'city', autoComplete: 'address-level2' },
  { name: 'region', label: 'region', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'postalCode', autoComplete: 'postal-code' },
];

/**
 * The W-9 certification (spec §6: required by segment). Validated with the shared schema before
 * it is sent; then back to the modal it was opened from (backTo, normally redeem).
 */
export default function W9Modal() {
  const t = useMessages(redeemMessages);
  return (
    <PlayerGate title={t.w9Title} description={t.w9Description}>
      {() => <W9ForPlayer t={t} />}
    </PlayerGate>
  );
}

function W9ForPlayer({ t }: { t: RedeemTexts }) {
  const { close, searchParams } = useModalEntry();
  const modals = useModals();
  const status = useW9Status();
  const submit = useSubmitW9();
  const backTo = searchParams.get('backTo');
  const goBack = () => {
    if (backTo && backTo !== 'w9' && modalNameForKey(backTo))
      modals.openKeyed(backTo as Parameters<typeof modals.openKeyed>[0]);
    else close();
  };
  const backLabel = backTo === 'redeem' ? t.backToRedeem : t.close;

  const onFile = submit.data ?? (status.data?.w9Received ? status.data : undefined);
  return (
    <ModalFrame title={t.w9Title} description={t.w9Description}>
      {onFile ? (
        <div data-testid="w9-on-file">
          <SuccessMark />
          <p role="status" className="text-center text-sm text-text">
            {submit.isSuccess ? `${t.w9Saved} ` : ''}
            {formatMessage(t.w9OnFileText, { last4: onFile.tinLast4 ?? '····' })}
          </p>
          <ModalActions>
            <button type="button" className={PRIMARY_BUTTON} onClick={goBack}>
              {backLabel}
            </button>
          </ModalActions>
        </div>
      ) : status.isPending ? (
        <StatusNote>{t.loading}</StatusNote>
      ) : (
        <W9Form submit={submit} t={t} />
      )}
    </ModalFrame>
  );
}

function W9Form({ submit, t }: { submit: ReturnType<typeof useSubmitW9>; t: RedeemTexts }) {
  const [draft, setDraft] = useState<W9Draft>(EMPTY_W9);
  const [errors, setErrors] = useState<Partial<Record<W9Field, string>>>({});
  const [showTin, setShowTin] = useState(false);

  const messageFor = (field: W9Field, fallback: string): string => {
    if (field === 'certify') return t.certifyRequired;
    if (draft[field].trim() === '') return t.fieldRequired;
    if (field === 'tin') return t.tinHint;
    return fallback;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateW9(draft);
    if (!result.ok) {
      const shown = Object.fromEntries(
        Object.entries(result.errors).map(([field, message]) => [
          field,
          messageFor(field as W9Field, message),
        ]),
      );
      setErrors(shown);
      // Focus the first field in error, so keyboard and screen-reader users land on it.
      const first = [...TEXT_FIELDS.map((f) => f.name), 'certify'].find((name) => name in shown);
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    submit.mutate(result.body, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) setErrors(fieldIssuesOf(error));
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      {TEXT_FIELDS.map(({ name, label, autoComplete }) => (
        <TextField
          key={name}
          name={name}
          label={t[label]}
          autoComplete={autoComplete}
          value={draft[name]}
          error={errors[name]}
          {...(name === 'tin'
            ? {
                type: showTin ? 'text' : 'password',
                inputMode: 'numeric' as const,
                hint: (
                  <>
                    {t.tinHint}{' '}
                    <button
                      type="button"
                      className={LINK_BUTTON}
                      aria-pressed={showTin}
                      onClick={() => setShowTin((shown) => !shown)}
                    >
                      {showTin ? t.hideTin : t.showTin}
                    </button>
                  </>
                ),
              }
            : {})}
          onChange={(event) => {
            const value = name === 'tin' ? maskTin(event.target.value) : event.target.value;
            setDraft((current) => ({ ...current, [name]: value }));
          }}
        />
      ))}
      <label className="flex items-start gap-2 text-sm text-text-muted">
        <input
          type="checkbox"
          name="certify"
          checked={draft.certify}
          aria-invalid={errors.certify ? true : undefined}
          onChange={(event) =>
            setDraft((current) => ({ ...current, certify: event.target.checked }))
          }
          className="mt-1"
        />
        <span>{t.certify}</span>
      </label>
      {errors.certify && <p className="text-sm text-danger">{errors.certify}</p>}
      {submit.isError && <FormAlert>{t.w9Failed}</FormAlert>}
      <ModalActions>
        <button
          type="submit"
          className={PRIMARY_BUTTON}
          disabled={submit.isPending}
          aria-busy={submit.isPending || undefined}
        >
          {submit.isPending ? t.sending : t.w9Submit}
        </button>
      </ModalActions>
    </form>
  );
}
