import { useNavigate } from 'react-router';
import { MODAL_BASE_Z_INDEX } from '@coinfall/shared/constants';
import type { RealityCheckAction } from '@coinfall/shared/contracts/reality-check';
import { formatMessage, useLocale, useLocalizedPath, useMessages } from '../../../i18n/i18n.tsx';
import { modalMessages } from '../../../i18n/messages/modals.ts';
import { protectionMessages } from '../../../i18n/messages/protection.ts';
import { buttonClass } from '../../../ui/button.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { Modal } from '../../../ui/modal/modal.tsx';
import { useAcknowledgeRealityCheck } from '../api/reality-check.ts';
import { useRealityCheck } from '../hooks/use-reality-check.ts';
import {
  formatNet,
  formatPlayed,
  formatSessionCoins,
  playedSecondsAt,
} from '../reality-check.fns.ts';

/** Where each answer takes the player: stop leaves the game, set-limit opens the limits. */
const DESTINATION: Record<RealityCheckAction, string | null> = {
  continue: null,
  stop: '/games',
  'set-limit': '/profile/limits',
};

/**
 * The reality check on the game page (issue 16, decision 036): when the chosen interval has
 * passed, the time played this session and its result per currency, and a question. The modal
 * chrome traps focus, is labelled by its title and described by the time played; Escape and ×
 * answer "continue" (the check was seen and the player goes on).
 */
export function RealityCheckDialog() {
  const t = useMessages(protectionMessages);
  const close = useMessages(modalMessages).close;
  const locale = useLocale();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const { state, due } = useRealityCheck();
  const acknowledge = useAcknowledgeRealityCheck();
  const session = state?.session;
  if (!due || !session) return null;

  const answer = (action: RealityCheckAction) => {
    if (acknowledge.isPending) return;
    acknowledge.mutate(
      { action, checkAt: due.checkAt },
      {
        onSuccess: () => {
          const to = DESTINATION[action];
          if (to) void navigate(localize(to));
        },
      },
    );
  };
  const played = formatPlayed(playedSecondsAt(session, due.at), locale);
  return (
    <Modal
      title={t.realityTitle}
      description={formatMessage(t.realityPlayedFor, { time: played })}
      onClose={() => answer('continue')}
      zIndex={MODAL_BASE_Z_INDEX}
      modalKey="reality-check"
      closeOnOutsideClick={false}
      closeOnSwipe={false}
      closeLabel={close}
    >
      <div className="flex flex-col gap-4" data-testid="reality-check">
        <div>
          <h3 className="text-sm font-semibold text-text">{t.realityResultTitle}</h3>
          {session.results.length === 0 ? (
            <p className="mt-1 text-sm text-text-muted">{t.realityNoResult}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2">
              {session.results.map((result) => (
                <li
                  key={result.currency}
                  data-currency={result.currency}
                  className="rounded-lg border border-border bg-surface-2/50 px-3 py-2"
                >
                  <span className="text-lg font-bold text-text">{formatNet(result, locale)}</span>
                  <span className="block text-xs text-text-muted">
                    {formatMessage(t.realityResultLine, {
                      staked: formatSessionCoins(result.staked, result.currency, locale),
                      won: formatSessionCoins(result.won, result.currency, locale),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <p className="text-sm text-text">{t.realityQuestion}</p>
        <LiveMessage text={acknowledge.isError ? t.realityFailed : ''} tone="error" />
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={acknowledge.isPending}
            onClick={() => answer('continue')}
          >
            {t.realityContinue}
          </button>
          <button
            type="button"
            className={buttonClass('outline')}
            disabled={acknowledge.isPending}
            onClick={() => answer('stop')}
          >
            {t.realityStop}
          </button>
          <button
            type="button"
            className={buttonClass('ghost')}
            disabled={acknowledge.isPending}
            onClick={() => answer('set-limit')}
          >
            {t.realitySetLimit}
          </button>
        </div>
      </div>
    </Modal>
  );
}
