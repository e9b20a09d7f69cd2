import { useId, useState, type ReactNode } from 'react';
import { failureText } from '../failure.fns';
import { buttonClass } from '../../ui/button';
import { FILTER_INPUT } from './filter-fields';

interface FieldProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A labelled input with its hint and the server's problem, tied to it for screen readers. */
export function Field({
  label,
  hint,
  problem,
  wide,
  children,
}: {
  label: string;
  hint?: string;
  problem: string;
  wide?: boolean;
  children: (props: FieldProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', problem ? `${id}-problem` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={wide ? 'sm:col-span-2' : ''}>
      <label htmlFor={id} className="text-sm font-medium text-text-muted">
        {label}
      </label>
      {children({
        id,
        className: `${FILTER_INPUT} font-mono`,
        ...(problem ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-text-muted">
          {hint}
        </p>
      )}
      <FieldProblem id={`${id}-problem`} text={problem} />
    </div>
  );
}

export function FieldProblem({ id, text }: { id?: string; text: string }) {
  return (
    <p id={id} className="mt-1 text-xs text-danger empty:hidden">
      {text}
    </p>
  );
}

/**
 * The problems of an edit form: the form's line, and each field's (a problem of `rewards.0.amount`
 * is shown on the `rewards` field, the JSON holding it).
 */
export function useFormProblems() {
  const [problems, setProblems] = useState<{ form: string; fields: Record<string, string> }>({
    form: '',
    fields: {},
  });
  const fieldProblem = (name: string) =>
    Object.entries(problems.fields)
      .filter(([field]) => field === name || field.startsWith(`${name}.`))
      .map(([field, problem]) => (field === name ? problem : `${field}: ${problem}`))
      .join('; ');
  /** The problem named on exactly this field, none of its parts' (a widget that has parts). */
  const ownProblem = (name: string) => problems.fields[name] ?? '';
  const [pending, setPending] = useState(false);
  const clear = () => setProblems({ form: '', fields: {} });
  const show = (error: unknown) => {
    const { formError, fieldErrors } = failureText(error);
    setProblems({ form: formError, fields: fieldErrors ?? {} });
  };
  return {
    formProblem: problems.form,
    fieldProblem,
    ownProblem,
    clear,
    show,
    /** True while a save started by `submitting` runs (the submit button shows it). */
    pending,
    /** Runs a save: pending meanwhile, its problems shown if it fails, cleared if it succeeds. */
    submitting: (save: () => Promise<unknown>): void => {
      setPending(true);
      save()
        .then(clear)
        .catch(show)
        .finally(() => setPending(false));
    },
  };
}

/** What a form's last save said: its problem (announced as an alert) and what it saved. */
export function FormOutcome({ problem, saved }: { problem: string; saved?: string }) {
  return (
    <>
      <p role="alert" className="text-sm text-danger empty:hidden">
        {problem}
      </p>
      {saved !== undefined && (
        <p role="status" className="text-sm text-success empty:hidden">
          {saved}
        </p>
      )}
    </>
  );
}

/**
 * A form's end: what the last save said and the submit button, busy while the save runs. `wide`
 * spans both columns of an editor's grid.
 */
export function FormActions({
  problem,
  saved,
  pending,
  look = 'primary',
  wide = false,
  children,
}: {
  problem: string;
  saved?: string;
  pending: boolean;
  look?: 'primary' | 'outline';
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'flex flex-col gap-2 sm:col-span-2' : 'flex flex-col gap-2'}>
      <FormOutcome problem={problem} saved={saved} />
      <div>
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className={buttonClass(look, 'md')}
        >
          {children}
        </button>
      </div>
    </div>
  );
}
