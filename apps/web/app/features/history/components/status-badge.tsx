import type { InvoiceStatusLabel } from '../history.fns';

const TONE: Record<InvoiceStatusLabel, string> = {
  success: 'bg-success/15 text-success',
  rejected: 'bg-danger/15 text-danger',
  processing: 'bg-primary/15 text-text',
  pending: 'bg-surface-2 text-text',
  canceled: 'bg-surface-2 text-text-muted',
  expired: 'bg-surface-2 text-text-muted',
};

/** The status in words (never colour alone), for sighted and screen-reader users alike. */
export function StatusBadge({ name, text }: { name: InvoiceStatusLabel; text: string }) {
  return (
    <span
      data-status={name}
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[name]}`}
    >
      {text}
    </span>
  );
}
