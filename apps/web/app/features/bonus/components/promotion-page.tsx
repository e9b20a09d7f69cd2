import { Link } from 'react-router';
import type { Promotion } from '@coinfall/shared';
import { useLocalizedPath } from '../../../i18n/i18n.tsx';
import { ContentBlocks } from '../../../ui/content-blocks.tsx';
import { useBonusTexts } from '../hooks/use-bonus-texts';
import { PromotionAction } from './promotion-action';

/** /promotions/{slug}: the illustration, the text, what to do, and the terms. */
export function PromotionPage({ promotion }: { promotion: Promotion }) {
  const { t } = useBonusTexts();
  const localize = useLocalizedPath();
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6">
      <Link
        to={localize('/promotions')}
        className="self-start text-sm font-semibold text-accent underline underline-offset-4"
      >
        {t.promotionBack}
      </Link>
      <h1 className="font-display text-3xl font-extrabold tracking-tight text-text">
        {promotion.title}
      </h1>
      <img
        src={promotion.image}
        alt=""
        width={1200}
        height={400}
        className="aspect-[3/1] w-full rounded-2xl object-cover"
      />
      <p className="text-lg text-text-muted">{promotion.summary}</p>
      <div className="rounded-2xl border border-border bg-surface p-6 sm:p-8">
        <ContentBlocks blocks={promotion.body} />
        {promotion.action ? (
          <div className="mt-6 flex flex-col">
            <PromotionAction action={promotion.action} />
          </div>
        ) : null}
      </div>
      <section aria-labelledby="promotion-terms" className="text-sm text-text-muted">
        <h2 id="promotion-terms" className="mb-2 font-semibold text-text">
          {t.promotionTerms}
        </h2>
        <ul className="list-disc space-y-1 pl-6">
          {promotion.terms.map((term, i) => (
            <li key={i}>{term}</li>
          ))}
        </ul>
      </section>
    </article>
  );
}
