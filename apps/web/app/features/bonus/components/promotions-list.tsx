import { Link } from 'react-router';
import type { PromotionsContent } from '@coinfall/shared';
import { useLocalizedPath } from '../../../i18n/i18n.tsx';
import { buttonClass } from '../../../ui/button.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useBonusTexts } from '../hooks/use-bonus-texts';
import { DailyBonus } from './daily-bonus';

/** /promotions: the daily claim first, then every promotion of the content with its page. */
export function PromotionsList({ content }: { content: PromotionsContent }) {
  const { t } = useBonusTexts();
  const localize = useLocalizedPath();
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="daily-bonus-title"
        className="rounded-2xl border border-border bg-surface p-5 sm:p-6"
      >
        <h2 id="daily-bonus-title" className="font-display text-lg font-bold text-text">
          {t.dailyTitle}
        </h2>
        <p className="mt-1 mb-4 text-sm text-text-muted">{t.dailyDescription}</p>
        <DailyBonus />
      </section>
      {content.items.length === 0 ? (
        <EmptyState text={content.description} icon="promotions" />
      ) : (
        <ul className="grid gap-5 md:grid-cols-2">
          {content.items.map((promotion) => (
            <li
              key={promotion.slug}
              data-testid="promotion"
              className="flex flex-col overflow-hidden rounded-2xl border border-border bg-surface"
            >
              <img
                src={promotion.image}
                alt=""
                width={600}
                height={200}
                loading="lazy"
                className="aspect-[3/1] w-full object-cover"
              />
              <div className="flex flex-1 flex-col gap-3 p-5">
                <h2 className="font-display text-lg font-bold text-text">{promotion.title}</h2>
                <p className="text-sm text-text-muted">{promotion.summary}</p>
                <Link
                  to={localize(`/promotions/${promotion.slug}`)}
                  className={buttonClass('outline', 'sm', 'mt-auto self-start')}
                  aria-label={`${t.promotionOpen}: ${promotion.title}`}
                >
                  {t.promotionOpen}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
