import type { ContentBlock, ContentPage } from '@coinfall/shared';
import { SmartLink } from './smart-link';

/** Renders the content block schema as React elements; content never reaches the page as HTML. */
export function ContentBlocks({ blocks }: { blocks: ContentBlock[] }) {
  return (
    <div className="space-y-4 leading-relaxed text-text-muted">
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'heading':
            return (
              <h2 key={i} className="pt-2 font-display text-xl font-bold text-text">
                {block.text}
              </h2>
            );
          case 'paragraph':
            return <p key={i}>{block.text}</p>;
          case 'list':
            return (
              <ul key={i} className="list-disc space-y-1 pl-6 marker:text-accent">
                {block.items.map((item, j) => (
                  <li key={j}>{item}</li>
                ))}
              </ul>
            );
          case 'link':
            return (
              <p key={i}>
                <SmartLink
                  url={block.url}
                  className="font-semibold text-accent underline underline-offset-4 hover:text-accent-strong"
                >
                  {block.text}
                </SmartLink>
              </p>
            );
        }
      })}
    </div>
  );
}

/** A whole content page: title, lead and body (static pages, contact, vip…). */
export function ContentPageView({ page }: { page: ContentPage }) {
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="font-display text-3xl font-extrabold tracking-tight text-text">
        {page.title}
      </h1>
      {page.description ? <p className="mt-2 text-lg text-text-muted">{page.description}</p> : null}
      <div className="mt-6 rounded-2xl border border-border bg-surface p-6 sm:p-8">
        <ContentBlocks blocks={page.blocks} />
      </div>
    </article>
  );
}
