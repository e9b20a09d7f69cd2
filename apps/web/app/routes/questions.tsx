import { Link } from 'react-router';
import { findFaq } from '../shell/content-pages.server';
import { pageMeta, titleMeta } from '../shell/page-meta';
import { shouldRevalidateIgnoringTracking } from '../shell/revalidation';
import { SimplePage } from '../shell/simple-page';
import { Icon } from '../ui/icon';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/questions';
import { usePageText } from '../i18n/texts';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { faq: findFaq(context, request) };
}

export const shouldRevalidate = shouldRevalidateIgnoringTracking;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.faq
    ? titleMeta(loaderData.faq.title, loaderData.faq.description)
    : pageMeta(matches, (t) => t.questionsTitle);

/** The help centre: FAQ categories, each with its own page (questions pages never take a locale prefix). */
export default function Questions({ loaderData }: Route.ComponentProps) {
  const t = usePageText();
  const { faq } = loaderData;
  if (!faq || faq.categories.length === 0)
    return (
      <SimplePage title={faq?.title ?? t.questionsTitle} empty={t.questionsEmpty} icon="help" />
    );
  return (
    <section>
      <PageHeader title={faq.title} description={faq.description} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {faq.categories.map((category) => (
          <li key={category.pageUrl}>
            <Link
              to={`/questions/${category.pageUrl}`}
              className="flex h-full items-start gap-4 rounded-2xl border border-border bg-surface p-5 transition-colors hover:border-accent hover:bg-surface-2"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-surface-2 text-accent">
                <Icon name="help" />
              </span>
              <span>
                <span className="block font-display text-lg font-bold text-text">
                  {category.title}
                </span>
                <span className="text-sm text-text-muted">{category.questions.length}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
