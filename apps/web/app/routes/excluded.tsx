import { useLocation } from 'react-router';
import type { ShellHandle } from '../shell/layout-kind';
import { localeFromMatches, titleMeta } from '../shell/page-meta';
import { formatMessage, useLocale, useLocalizedPath, useMessages } from '../i18n/i18n';
import { protectionMessages } from '../i18n/messages/protection';
import { formatEnd, untilOf } from '../features/protection/protection.fns';
import { buttonClass } from '../ui/button';
import { openSupportChat } from '../ui/support-chat';
import { useSupportAvailable } from '../features/support/support-availability';
import { supportMessages } from '../i18n/messages/support';
import type { Route } from './+types/excluded';

export const handle: ShellHandle = { layout: 'locked' };

export const meta: Route.MetaFunction = ({ matches }) =>
  titleMeta(protectionMessages[localeFromMatches(matches)].excludedTitle);

/**
 * Where a player on a break or self-excluded lands (issue 16): the login, any call refused with
 * PLAYER_EXCLUDED, or the break just taken. It shows only the end date and the ways to reach us:
 * the support chat (with the support pass the refused login gave, issue 18) and the contact page.
 */
export default function Excluded() {
  const t = useMessages(protectionMessages);
  const locale = useLocale();
  const localize = useLocalizedPath();
  const until = untilOf(useLocation().search);
  const chatAvailable = useSupportAvailable();
  const support = useMessages(supportMessages);
  return (
    <section
      aria-labelledby="excluded-title"
      className="mx-auto flex w-full max-w-lg flex-col items-center gap-5 text-center"
    >
      <h1 id="excluded-title" className="font-display text-2xl font-bold text-text">
        {t.excludedTitle}
      </h1>
      <p className="text-text" data-testid="excluded-until">
        {until
          ? formatMessage(t.excludedUntil, { date: formatEnd(until, locale) })
          : t.excludedIndefinite}
      </p>
      {chatAvailable ? (
        <button type="button" className={buttonClass('primary')} onClick={openSupportChat}>
          {support.openChat}
        </button>
      ) : null}
      <a href={localize('/contact')} className={buttonClass('outline')}>
        {t.excludedContact}
      </a>
    </section>
  );
}
