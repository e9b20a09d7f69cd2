import { useState } from 'react';
import type { SocialConnection } from '@coinfall/shared/contracts/social';
import { formatMessage, useMessages } from '../../i18n/i18n.tsx';
import { accountMessages } from '../../i18n/messages/account.ts';
import { FormAlert } from './account-ui.tsx';
import { authorizeSocial, useSocialConnections } from './social-login.api.ts';
import { saveSocialReturn } from './social-storage.ts';

const SOCIAL_BUTTON =
  'flex w-full items-center justify-center gap-2 rounded-lg border border-border-strong px-4 py-2.5 font-semibold text-text hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-wait disabled:opacity-60';

/**
 * The configured social connections (GET /api/player/social/connections) as buttons; nothing
 * while they load or when the list fails, so the e-mail form is never held up by them.
 * A click asks the API for the provider URL and leaves the site for it.
 */
export function SocialButtons({ backTo }: { backTo?: string }) {
  const a = useMessages(accountMessages);
  const { data } = useSocialConnections();
  const [pending, setPending] = useState<SocialConnection>();
  const [failed, setFailed] = useState<string>();
  const connections = data?.data ?? [];
  if (connections.length === 0) return null;

  const start = async (connection: SocialConnection, name: string) => {
    setPending(connection);
    setFailed(undefined);
    const outcome = await authorizeSocial(connection, backTo);
    if (!outcome.ok) {
      setPending(undefined);
      setFailed(formatMessage(a.socialStartFailed, { name }));
      return;
    }
    saveSocialReturn(outcome.value.state, backTo);
    // The button stays busy: the page is leaving for the provider.
    window.location.assign(outcome.value.url);
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-3 text-xs tracking-wide text-text-muted uppercase before:h-px before:flex-1 before:bg-border-strong after:h-px after:flex-1 after:bg-border-strong">
        {a.socialDivider}
      </p>
      <ul className="flex flex-col gap-2">
        {connections.map(({ connection, name }) => (
          <li key={connection}>
            <button
              type="button"
              className={SOCIAL_BUTTON}
              data-connection={connection}
              disabled={pending !== undefined}
              aria-busy={pending === connection || undefined}
              onClick={() => void start(connection, name)}
            >
              {formatMessage(a.socialContinue, { name })}
            </button>
          </li>
        ))}
      </ul>
      {failed && <FormAlert>{failed}</FormAlert>}
    </div>
  );
}
