import { useRouteLoaderData } from 'react-router';
import type { ErrorPageCode, ErrorPageContent } from '@coinfall/shared';
import { formatMessage, useMessages } from '../i18n/i18n';
import { errorMessages } from '../i18n/messages/errors';
import type { RootData } from '../lib/root-data';
import { buttonClass } from '../ui/button';
import { SmartLink } from '../ui/smart-link';
import { SUPPORT_CHAT_URL } from '../ui/support-chat';
import { useSupportAvailable } from '../features/support/support-availability';

type Texts = (typeof errorMessages)['en'];

/** Built-in texts for when the root content could not load (e.g. the 500 page of a failed loader). */
function fallbackContent(code: ErrorPageCode, t: Texts): ErrorPageContent {
  const image = `/images/errors/${code}.svg`;
  if (code === 'blocked') {
    return {
      title: t.errorBlockedTitle,
      description: t.errorBlockedDescription,
      label: t.errorBlockedLabel,
      button: { label: t.errorBlockedButton, url: '/questions' },
      image,
    };
  }
  const texts = {
    '404': { title: t.error404Title, description: t.error404Description },
    '403': { title: t.error403Title, description: t.error403Description },
    '500': { title: t.error500Title, description: t.error500Description },
  }[code];
  return {
    ...texts,
    button: { label: t.errorButton, url: '/' },
    image,
  };
}

/**
 * Spec §2 "Error page": image, title, code (not for Blocked), description and a button. The
 * logo comes from the locked layout around it. For 404 the requested path is named. The spec's
 * Blocked button opens the live-support chat (the content names `#support-chat`, issue 18).
 */
export function ErrorPage({ code, path }: { code: ErrorPageCode; path?: string }) {
  const t = useMessages(errorMessages);
  const root = useRouteLoaderData<RootData>('root');
  const fallback = fallbackContent(code, t);
  const loaded = root?.content.errorPages[code] ?? fallback;
  // The chat is for a signed-in player (spec §6) or one holding the support pass of a refused
  // login; anyone else gets the built-in button instead of one that would open nothing.
  const chatAvailable = useSupportAvailable();
  const content =
    loaded.button.url === SUPPORT_CHAT_URL && !chatAvailable
      ? { ...loaded, label: fallback.label, button: fallback.button }
      : loaded;
  const isBlocked = code === 'blocked';
  const headingId = `error-${code}-title`;

  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto flex w-full max-w-lg flex-col items-center gap-5 text-center"
    >
      <img
        src={content.image}
        alt=""
        width={240}
        height={180}
        className="h-auto w-48 drop-shadow-[0_12px_30px_rgba(0,0,0,0.35)] sm:w-60"
      />
      {isBlocked ? null : (
        <p
          className="font-display text-6xl font-black tracking-tight text-accent"
          aria-label={formatMessage(t.errorCode, { code })}
        >
          {code}
        </p>
      )}
      <h1 id={headingId} className="font-display text-2xl font-extrabold text-text sm:text-3xl">
        {content.title}
      </h1>
      {code === '404' && path ? (
        <p className="rounded-lg bg-surface-2 px-3 py-1.5 font-mono text-sm text-text break-all">
          {formatMessage(t.pageNotFound, { path })}
        </p>
      ) : null}
      <p className="text-text-muted">{content.description}</p>
      {isBlocked && content.label ? (
        <p className="text-sm font-semibold text-text">{content.label}</p>
      ) : null}
      {/* The content names the target: a page, or #support-chat (SmartLink then renders a
          button that opens the chat). */}
      <SmartLink url={content.button.url || '/'} className={buttonClass('primary', 'lg')}>
        {content.button.label}
      </SmartLink>
    </section>
  );
}
