import { Link } from 'react-router';
import { findFaq } from '../shell/content-pages.server';
import { titleMeta } from '../shell/page-meta';
import { shouldRevalidateIgnoringTracking } from '../shell/revalidation';
import { notFound, validateRouteParams } from '../shell/route-validation';
import { ContentBlocks } from '../ui/content-blocks';
import { EmptyState } from '../ui/empty-state';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/questions-page';
import { usePageText } from '../i18n/texts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  validateRouteParams(request, params, { pageUrl: 'slug' });
  const faq = findFaq(context, request);
  const category = faq?.categories.find((c) => c.pageUrl === params.pageUrl);
  if (!faq || !category) notFound(request);
  return { helpTitle: faq.title, category };
}

export const shouldRevalidate = shouldRevalidateIgnoringTracking;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? titleMeta(loaderData.category.title) : [];

export default function QuestionsPage({ loaderData }: Route.ComponentProps) {
  const t = usePageText();
  const { category, helpTitle } = loaderData;
  return (
    <section className="mx-auto max-w-3xl">
      <p className="mb-2 text-sm">
        <Link to="/questions" className="font-semibold text-accent hover:underline">
          {helpTitle}
        </Link>
      </p>
      <PageHeader title={category.title} />
      {category.questions.length === 0 ? (
        <EmptyState text={t.questionsEmpty} icon="help" />
      ) : (
        <div className="flex flex-col gap-3">
          {category.questions.map((q) => (
            <details
              key={q.question}
              className="group rounded-2xl border border-border bg-surface open:border-border-strong"
            >
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-semibold text-text marker:hidden">
                {q.question}
                <span
                  aria-hidden="true"
                  className="text-accent transition-transform group-open:rotate-45"
                >
                  +
                </span>
              </summary>
              <div className="px-5 pb-5">
                <ContentBlocks blocks={q.answer} />
              </div>
            </details>
          ))}
        </div>
      )}
    </section>
  );
}
