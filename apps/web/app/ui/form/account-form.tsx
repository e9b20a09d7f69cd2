import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMessages } from '../../i18n/i18n.tsx';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { PRIMARY_BUTTON } from '../modal/modal-frame.tsx';
import type { RuleSpec } from '@coinfall/shared/validation/index';
import { fieldProblems, rulesForFields } from './form-rules.fns.ts';
import { PasswordInput } from './password-input.tsx';

export interface FieldSpec {
  name: string;
  label: string;
  /** What is shown instead of `label` (a consent with links); `label` stays the plain text. */
  richLabel?: ReactNode;
  type: 'email' | 'password' | 'text' | 'tel' | 'date' | 'checkbox' | 'select';
  autoComplete?: string;
  /** Required by the form; the kind's own rules (spec §5) apply either way. */
  required: boolean;
  /** The choices of a `select` field (the first, empty one is added by the form). */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** A line under the field (format, what it is for), tied to it with aria-describedby. */
  hint?: string;
  /** Shown but not editable (e.g. terms already accepted). */
  disabled?: boolean;
  /** The empty choice of a `select` field ("Choose a country"). */
  placeholder?: string;
  /** The on-screen keyboard of a text field (`decimal` for amounts). */
  inputMode?: 'text' | 'decimal' | 'numeric' | 'tel' | 'email';
  /** Shared rules (spec §5) added to the kind's own, for fields of no known kind. */
  rules?: readonly RuleSpec[];
}

export type FieldValue = string | boolean;
export type FormValues = Readonly<Record<string, FieldValue>>;

/** What a failed submit shows: a line for the whole form and/or problems on fields. */
export interface SubmitProblems {
  formError?: string;
  fieldErrors?: Record<string, string>;
}

interface AccountFormProps {
  fields: readonly FieldSpec[];
  submitLabel: string;
  /**
   * Sends the form once every check passes; resolves with the server's problems, or nothing
   * when it went through. Without it the form cannot be sent yet ("Accounts open soon").
   */
  onSubmit?: (values: FormValues) => Promise<SubmitProblems | undefined>;
  /** Told when the form goes from pristine to edited and back. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Extra lines under the submit button (links to the other account modals). */
  footer?: ReactNode;
  /** Starting values (an edit form); fields left out start empty. */
  initialValues?: FormValues;
  /** Rule texts beyond the form's own (name, postalCode, phone…), in the current locale. */
  messages?: Readonly<Record<string, string>>;
  /**
   * Called when the player leaves a field they changed; may answer with values for other
   * fields (postal code → city and region). Failures are the caller's to swallow.
   */
  onFieldBlur?: (name: string, values: FormValues) => Promise<FormValues | undefined>;
  /** Announced in a live region after a successful submit. */
  successMessage?: string;
  /** Puts the starting values back after a successful submit (password forms). */
  resetOnSuccess?: boolean;
  /**
   * Shows the required fields that start empty as invalid at once (aria-invalid and the
   * message), for a form the page asks to complete ("fill in the marked fields").
   */
  markMissing?: boolean;
}

const INPUT =
  'mt-1 block w-full rounded-lg border border-border-strong bg-bg px-3 py-2 text-text placeholder:text-text-muted focus:border-accent focus:outline-none aria-[invalid=true]:border-danger';

function emptyValue(field: FieldSpec): FieldValue {
  return field.type === 'checkbox' ? false : '';
}

/**
 * The fields of an account form with the shared checks of spec §5 (shown once a field has been
 * edited and left, and for every field on submit), a pending state while it is sent, and the
 * server's answer on the form or on its fields.
 */
export function AccountForm({
  fields,
  submitLabel,
  onSubmit,
  onDirtyChange,
  footer,
  initialValues,
  messages: extraMessages,
  onFieldBlur,
  successMessage,
  resetOnSuccess = false,
  markMissing = false,
}: AccountFormProps) {
  const t = useMessages(modalMessages);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const initialValue = (field: FieldSpec): FieldValue =>
    initialValues?.[field.name] ?? emptyValue(field);
  const [values, setValues] = useState<Record<string, FieldValue>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, initialValue(f)])),
  );
  const [succeeded, setSucceeded] = useState(false);
  // A field shows its problem once it has been edited and left. Leaving an untouched field
  // says nothing: a bare "required" on blur would shift the layout under the next click.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        markMissing
          ? fields.filter((f) => f.required && initialValue(f) === emptyValue(f)).map((f) => f.name)
          : [],
      ),
  );
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string>();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const rules = useMemo(() => rulesForFields(fields), [fields]);
  const messages = useMemo(
    () => ({
      required: t.checkRequired,
      email: t.checkEmail,
      min: t.checkMin,
      confirmed: t.checkMatches,
      accepted: t.checkAccepted,
      ...extraMessages,
    }),
    [t, extraMessages],
  );
  const problems = fieldProblems(values, rules, messages);

  const change = (name: string, value: FieldValue) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setEdited((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
    setSucceeded(false);
    if (serverErrors[name]) setServerErrors(({ [name]: _, ...rest }) => rest);
    const isDirty = (v: Record<string, FieldValue>) =>
      fields.some((f) => v[f.name] !== initialValue(f));
    if (isDirty(next) !== isDirty(values)) onDirtyChange?.(isDirty(next));
  };
  const leave = (name: string) => {
    if (!edited.has(name)) return;
    setTouched((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
    if (!onFieldBlur) return;
    void onFieldBlur(name, values).then((patch) => {
      if (!patch || Object.keys(patch).length === 0) return;
      setValues((prev) => ({ ...prev, ...patch }));
      setEdited((prev) => new Set([...prev, ...Object.keys(patch)]));
    });
  };

  const submit = async () => {
    if (!onSubmit || pending) return;
    setTouched(new Set(fields.map((f) => f.name)));
    setFormError(undefined);
    const invalid = fields.find((f) => problems[f.name]);
    if (invalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${invalid.name}"]`)?.focus();
      return;
    }
    setPending(true);
    setSucceeded(false);
    try {
      const result = await onSubmit(values);
      setFormError(result?.formError);
      setServerErrors(result?.fieldErrors ?? {});
      if (!result) {
        setSucceeded(true);
        if (resetOnSuccess) {
          setValues(Object.fromEntries(fields.map((f) => [f.name, initialValue(f)])));
          setEdited(new Set());
          setTouched(new Set());
        }
      }
    } catch {
      setFormError(t.formFailed);
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="flex flex-col gap-4"
    >
      {fields.map((field) => {
        const fieldId = `${id}-${field.name}`;
        const errorId = `${fieldId}-error`;
        const hintId = `${fieldId}-hint`;
        const value = values[field.name] ?? initialValue(field);
        const problem =
          serverErrors[field.name] ?? (touched.has(field.name) ? problems[field.name] : undefined);
        const describedBy = [field.hint ? hintId : '', problem ? errorId : '']
          .filter(Boolean)
          .join(' ');
        const shared = {
          id: fieldId,
          name: field.name,
          disabled: field.disabled,
          'aria-required': field.required,
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': describedBy || undefined,
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
                  className="mt-0.5 size-4 accent-accent"
                />
                <span>{field.richLabel ?? field.label}</span>
              </label>
            ) : field.type === 'select' ? (
              <>
                <label htmlFor={fieldId} className="text-sm font-medium text-text-muted">
                  {field.label}
                </label>
                <select
                  {...shared}
                  autoComplete={field.autoComplete}
                  value={String(value)}
                  onChange={(e) => change(field.name, e.target.value)}
                  className={INPUT}
                >
                  <option value="">{field.placeholder ?? ''}</option>
                  {field.options?.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </>
            ) : (
              <>
                <label htmlFor={fieldId} className="text-sm font-medium text-text-muted">
                  {field.label}
                </label>
                {field.type === 'password' ? (
                  <PasswordInput
                    {...shared}
                    autoComplete={field.autoComplete}
                    value={String(value)}
                    onChange={(e) => change(field.name, e.target.value)}
                    className={INPUT}
                    showLabel={t.showPassword}
                    hideLabel={t.hidePassword}
                  />
                ) : (
                  <input
                    {...shared}
                    type={field.type}
                    inputMode={field.inputMode}
                    autoComplete={field.autoComplete}
                    value={String(value)}
                    onChange={(e) => change(field.name, e.target.value)}
                    className={INPUT}
                  />
                )}
              </>
            )}
            {field.hint && (
              <p id={hintId} className="mt-1 text-xs text-text-muted">
                {field.hint}
              </p>
            )}
            {problem && (
              <p id={errorId} className="mt-1 text-sm text-danger">
                {problem}
              </p>
            )}
          </div>
        );
      })}
      {formError && (
        <p role="alert" className="rounded-lg bg-danger/15 px-3 py-2 text-sm text-danger">
          {formError}
        </p>
      )}
      {successMessage !== undefined && (
        <p role="status" className="text-sm text-success empty:hidden">
          {succeeded ? successMessage : ''}
        </p>
      )}
      <div className="mt-2 flex flex-col gap-2">
        {onSubmit ? (
          <button
            type="submit"
            disabled={pending}
            aria-busy={pending || undefined}
            className={PRIMARY_BUTTON}
          >
            {pending ? t.formSending : submitLabel}
          </button>
        ) : (
          <>
            <button
              type="submit"
              disabled
              aria-describedby={`${id}-soon`}
              className={PRIMARY_BUTTON}
            >
              {submitLabel}
            </button>
            <p id={`${id}-soon`} className="text-center text-sm text-text-muted">
              <strong className="text-text">{t.accountsSoon}.</strong> {t.accountsSoonHint}
            </p>
          </>
        )}
      </div>
      {footer}
    </form>
  );
}
