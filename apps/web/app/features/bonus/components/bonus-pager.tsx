import type { PageMeta } from '@coinfall/shared/contracts/player';
import { formatMessage } from '../../../i18n/i18n.tsx';
import type { BonusTexts } from '../../../i18n/messages/bonus.ts';
import { buttonClass } from '../../../ui/button.ts';

/** Previous / next with the page position; hidden when everything fits on one page. */
export function BonusPager({
  meta,
  onPage,
  t,
}: {
  meta: PageMeta;
  onPage: (page: number) => void;
  t: BonusTexts;
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
