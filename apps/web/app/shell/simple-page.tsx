import { EmptyState } from '../ui/empty-state';
import { PageHeader } from '../ui/page-header';

/**
 * A page whose data arrives with a later issue: its title and an honest empty state. Sections
 * inside a parent page (profile, quests) use an h2 under the parent's h1.
 */
export function SimplePage({
  title,
  empty,
  icon,
  heading = 'h1',
  children,
}: {
  title: string;
  empty: string;
  icon?: string;
  heading?: 'h1' | 'h2';
  children?: React.ReactNode;
}) {
  return (
    <section>
      {heading === 'h1' ? (
        <PageHeader title={title} />
      ) : (
        <h2 className="mb-4 font-display text-xl font-bold text-text">{title}</h2>
      )}
      <EmptyState text={empty} icon={icon}>
        {children}
      </EmptyState>
    </section>
  );
}
