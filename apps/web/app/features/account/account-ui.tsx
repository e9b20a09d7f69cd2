import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

const INPUT =
  'mt-1 block w-full rounded-lg border border-border-strong bg-bg px-3 py-2 text-text placeholder:text-text-muted read-only:opacity-70 focus:border-accent focus:outline-none aria-[invalid=true]:border-danger';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field and named by aria-describedby; sets aria-invalid. */
  error?: string;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled input for the account forms that AccountForm cannot express (a prefilled phone, a
 * read-only email, the one-time code): same look, same aria wiring.
 */
export function TextField({ label, error, hint, inputRef, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-text-muted">
        {label}
      </label>
      <input
        {...input}
        id={id}
        ref={inputRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={INPUT}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** A failure of the whole form, announced at once. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-danger/15 px-3 py-2 text-sm text-danger">
      {children}
    </p>
  );
}

/**
 * The polite live region of an async step (sending, sent, confirmed). It stays mounted with
 * empty text so screen readers hear each change.
 */
export function StatusNote({
  children,
  tone = 'info',
}: {
  children?: ReactNode;
  tone?: 'info' | 'success';
}) {
  return (
    <p
      role="status"
      className={
        children
          ? `rounded-lg px-3 py-2 text-sm ${tone === 'success' ? 'bg-success/15 text-success' : 'bg-surface-2 text-text'}`
          : 'sr-only'
      }
    >
      {children}
    </p>
  );
}
