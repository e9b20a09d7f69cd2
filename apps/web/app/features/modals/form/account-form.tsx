import { useId, useState, type ReactNode } from 'react';
import { formatMessage, useMessages } from '../../../i18n/i18n.tsx';
import { modalMessages } from '../../../i18n/messages/modals.ts';
import { PRIMARY_BUTTON } from '../modal-frame.tsx';
import { firstFailedCheck, type FieldCheck, type FieldValue } from './field-checks.fns.ts';

export interface FieldSpec {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text' | 'tel' | 'date' | 'checkbox';
  autoComplete?: string;
  checks: FieldCheck[];
}

interface AccountFormProps {
  fields: readonly FieldSpec[];
  submitLabel: string;
  /** Told when the form goes from pristine to edited and back. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Extra lines under the submit button (links to the other account modals). */
  footer?: ReactNode;
}

const INPUT =
  'mt-1 block w-full rounded-lg border border-zinc-700 bg-zinc-950 px-3 py-2 text-zinc-100 placeholder:text-zinc-500 focus:border-amber-400 focus:outline-none aria-[invalid=true]:border-red-400';

function initialValue(field: FieldSpec): FieldValue {
  return field.type === 'checkbox' ? false : '';
}

/**
 * The real fields of an account form with inline checks (shown once a field has been edited
 * and left).
 * Submitting stays disabled, with the reason next to the button, until accounts open: the
 * form never pretends to have signed anyone in.
 */
export function AccountForm({ fields, submitLabel, onDirtyChange, footer }: AccountFormProps) {
  const t = useMessages(modalMessages);
  const id = useId();
  const [values, setValues] = useState<Record<string, FieldValue>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, initialValue(f)])),
  );
  // A field shows its problem once it has been edited and left. Leaving an untouched field
  // says nothing: a bare "required" on blur would shift the layout under the next click.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());

  const problemText = (check: FieldCheck): string => {
    switch (check.rule) {
      case 'required':
        return t.checkRequired;
      case 'email':
        return t.checkEmail;
      case 'min':
        return formatMessage(t.checkMin, { min: check.min });
      case 'matches':
        return t.checkMatches;
    }
  };

  const change = (name: string, value: FieldValue) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setEdited((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
    const isDirty = (v: Record<string, FieldValue>) =>
      fields.some((f) => v[f.name] !== initialValue(f));
    if (isDirty(next) !== isDirty(values)) onDirtyChange?.(isDirty(next));
  };
  const leave = (name: string) => {
    if (edited.has(name)) setTouched((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
  };

  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-4">
      {fields.map((field) => {
        const fieldId = `${id}-${field.name}`;
        const errorId = `${fieldId}-error`;
        const value = values[field.name] ?? initialValue(field);
        const failed = touched.has(field.name)
          ? firstFailedCheck(value, field.checks, values)
          : undefined;
        const required = field.checks.some((c) => c.rule === 'required');
        const shared = {
          id: fieldId,
          name: field.name,
          'aria-required': required,
          'aria-invalid': failed ? true : undefined,
          'aria-describedby': failed ? errorId : undefined,
          onBlur: () => leave(field.name),
        };
        return (
          <div key={field.name}>
            {field.type === 'checkbox' ? (
              <label htmlFor={fieldId} className="flex items-start gap-3 text-sm">
                <input
                  {...shared}
                  type="checkbox"
                  checked={value === true}
                  onChange={(e) => change(field.name, e.target.checked)}
                  className="mt-0.5 size-4 accent-amber-400"
                />
                <span>{field.label}</span>
              </label>
            ) : (
              <>
                <label htmlFor={fieldId} className="text-sm font-medium text-zinc-300">
                  {field.label}
                </label>
                <input
                  {...shared}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  value={String(value)}
                  onChange={(e) => change(field.name, e.target.value)}
                  className={INPUT}
                />
              </>
            )}
            {failed && (
              <p id={errorId} className="mt-1 text-sm text-red-400">
                {problemText(failed)}
              </p>
            )}
          </div>
        );
      })}
      <div className="mt-2 flex flex-col gap-2">
        <button type="submit" disabled aria-describedby={`${id}-soon`} className={PRIMARY_BUTTON}>
          {submitLabel}
        </button>
        <p id={`${id}-soon`} className="text-center text-sm text-zinc-400">
          <strong className="text-zinc-200">{t.accountsSoon}.</strong> {t.accountsSoonHint}
        </p>
      </div>
      {footer}
    </form>
  );
}

/** Shorthands for the checks the account forms use. */
export const REQUIRED: FieldCheck = { rule: 'required' };
export const EMAIL: FieldCheck = { rule: 'email' };
/** spec §5: password and newPassword have min 6. */
export const MIN_PASSWORD: FieldCheck = { rule: 'min', min: 6 };
