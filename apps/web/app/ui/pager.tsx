import type { PageMeta } from '@coinfall/shared/contracts/player';
import { formatMessage } from '../i18n/i18n.tsx';
import { buttonClass } from './button.ts';

/** The pager's words, from whichever text bundle the page uses. */
export interface PagerTexts {
  pagination: string;
  previous: string;
  next: string;
  /** With `{page}` and `{pages}`. */
  page: string;
}

/** Previous / next with the page position; hidden when everything fits on one page. */
export function Pager({
  meta,
  onPage,
  t,
}: {
  meta: PageMeta;
  onPage: (page: number) => void;
  t: PagerTexts;
}) {
  if (meta.totalPages <= 1) return null;
  return (
    <nav aria-label={t.pagination} className="mt-4 flex items-center justify-between gap-3">
      <button
        type="button"
        className={buttonClass('outline', 'sm')}
        disabled={meta.page <= 1}
        onClick={() => onPage(meta.page - 1)}
      >
        {t.previous}
      </button>
      <span className="text-sm text-text-muted" aria-live="polite">
        {formatMessage(t.page, { page: meta.page, pages: meta.totalPages })}
      </span>
      <button
        type="button"
        className={buttonClass('outline', 'sm')}
        disabled={meta.page >= meta.totalPages}
        onClick={() => onPage(meta.page + 1)}
      >
        {t.next}
      </button>
    </nav>
  );
}
