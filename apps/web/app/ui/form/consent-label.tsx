import { Fragment } from 'react';
import { useLocalizedPath } from '../../i18n/i18n.tsx';

/** The pages a consent names, each opened in a new tab so the half-filled form stays. */
export interface ConsentLink {
  text: string;
  path: string;
}

/**
 * A checkbox label whose `{key}` placeholders become links ("accept the {terms} and the
 * {privacy}"): a player can read what they agree to before ticking the box.
 */
export function ConsentLabel({
  template,
  links,
}: {
  template: string;
  links: Readonly<Record<string, ConsentLink>>;
}) {
  const localize = useLocalizedPath();
  const parts = template.split(/(\{\w+\})/);
  return (
    <>
      {parts.map((part, i) => {
        const link = /^\{(\w+)\}$/.exec(part)?.[1];
        const target = link ? links[link] : undefined;
        if (!target) return <Fragment key={i}>{part}</Fragment>;
        return (
          <a
            key={i}
            href={localize(target.path)}
            target="_blank"
            rel="noopener"
            className="font-semibold text-accent underline underline-offset-2"
          >
            {target.text}
          </a>
        );
      })}
    </>
  );
}
