import type { ReactNode } from 'react';

/** One titled block of a player page (h3 under the page's h1 and the tab's h2). */
export function PageSection({
  id,
  title,
  description,
  children,
  aside,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-6 rounded-2xl border border-border bg-surface p-5 sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`${id}-title`} className="font-display text-lg font-bold text-text">
            {title}
          </h3>
          {description ? <p className="mt-1 text-sm text-text-muted">{description}</p> : null}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
