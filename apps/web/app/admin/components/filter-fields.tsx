import { buttonClass } from '../../ui/button';

/** The look of a filter form's inputs and labels on the back office's list screens. */
export const FILTER_INPUT =
  'mt-1 block w-full rounded-lg border border-border-strong bg-bg px-3 py-2 text-sm';
export const FILTER_LABEL = 'text-sm font-medium text-text-muted';

/** A UTC time range as two datetime-local inputs named `from` and `to`. */
export function UtcRangeFields({
  from,
  to,
  fromLabel = 'From (UTC)',
  toLabel = 'To (UTC)',
}: {
  from: string | undefined;
  to: string | undefined;
  fromLabel?: string;
  toLabel?: string;
}) {
  return (
    <>
      <label className={FILTER_LABEL}>
        {fromLabel}
        <input
          name="from"
          type="datetime-local"
          defaultValue={from ?? ''}
          className={FILTER_INPUT}
        />
      </label>
      <label className={FILTER_LABEL}>
        {toLabel}
        <input name="to" type="datetime-local" defaultValue={to ?? ''} className={FILTER_INPUT} />
      </label>
    </>
  );
}

/** The submit and clear buttons closing a filter form; clear drops every filter from the URL. */
export function FilterButtons({
  submitLabel = 'Filter',
  onClear,
}: {
  submitLabel?: string;
  onClear: () => void;
}) {
  return (
    <div className="flex gap-2">
      <button type="submit" className={buttonClass('primary', 'md')}>
        {submitLabel}
      </button>
      <button type="button" className={buttonClass('ghost', 'md')} onClick={onClear}>
        Clear
      </button>
    </div>
  );
}
