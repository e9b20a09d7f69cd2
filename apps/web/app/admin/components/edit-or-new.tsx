import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadState } from '../../ui/load-state';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';

/** The record a `…/new` or `…/:id` editor route edits: its id, or null for a new one. */
export function editedIdOf(params: { id?: string }): number | null {
  const id = Number(params.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

interface RecordQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A new/edit screen's body: the blank form at once for a new record, else the record's form once
 * it has loaded (a skeleton while it loads, the failure with a retry).
 */
export function EditOrNew<T>({
  id,
  query,
  children,
}: {
  id: number | null;
  /** The record's query, disabled while `id` is null. */
  query: RecordQuery<T>;
  children: (record: T | null) => ReactNode;
}) {
  if (id === null) return <>{children(null)}</>;
  return (
    <LoadState query={query} texts={ADMIN_LOAD_TEXTS} rows={6}>
      {(record) => children(record)}
    </LoadState>
  );
}

/** An editor's title row: its heading and the way back to the list. */
export function EditorHeading({
  title,
  backTo,
  backText,
}: {
  title: string;
  backTo: string;
  backText: string;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      <Link to={backTo} className="text-sm text-accent hover:underline">
        {backText}
      </Link>
    </div>
  );
}
