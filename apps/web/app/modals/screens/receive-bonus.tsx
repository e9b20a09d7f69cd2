import { useEffect, useState } from 'react';
import { formatMessage, useMessages } from '../../i18n/i18n.tsx';
import { bonusMessages } from '../../i18n/messages/bonus.ts';
import { accountMessages } from '../../i18n/messages/account.ts';
import {
  BONUS_CODE_PARAM,
  readDeferredBonusCode,
  rememberBonusCode,
} from '../../features/bonus/deferred-bonus.ts';
import { DeferredCode } from '../../features/bonus/components/deferred-code.tsx';
import { useModals } from '../../lib/modals/use-modals.ts';
import { useRootData } from '../../lib/root-data.ts';
import { useShellText } from '../../i18n/texts.ts';
import { useModalEntry } from '../../ui/modal/modal-entry.ts';
import {
  ModalActions,
  ModalFrame,
  ModalOkAction,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
} from '../../ui/modal/modal-frame.tsx';

/**
 * The deferred bonus (spec §4): a code a link brought (`?modal=receive-bonus&bonusCode=…`). A
 * guest's code is kept in local storage while they sign in or sign up (the verify-bonus modal
 * offers it then); a player applies it here.
 */
export default function ReceiveBonusModal() {
  const t = useMessages(bonusMessages);
  const a = useMessages(accountMessages);
  const shell = useShellText();
  const { isAuthenticated } = useRootData();
  const { searchParams } = useModalEntry();
  const modals = useModals();
  const [code] = useState(
    () => searchParams.get(BONUS_CODE_PARAM)?.trim() || readDeferredBonusCode(),
  );
  // Kept for a guest only: once applied, a player's code is forgotten for good.
  useEffect(() => {
    if (!isAuthenticated) rememberBonusCode(searchParams);
  }, [isAuthenticated, searchParams]);

  const description = code ? formatMessage(t.receiveDescription, { code }) : t.receiveNone;
  return (
    <ModalFrame title={t.receiveTitle} description={description}>
      {!code ? (
        <ModalOkAction />
      ) : isAuthenticated ? (
        <>
          <DeferredCode code={code} />
          <ModalOkAction />
        </>
      ) : (
        <>
          <p className="text-sm text-text-muted">{a.signInToContinue}</p>
          <ModalActions>
            <button
              type="button"
              className={SECONDARY_BUTTON}
              onClick={() => modals.openKeyed('sign-in', { params: { backTo: 'receive-bonus' } })}
            >
              {shell.signIn}
            </button>
            <button
              type="button"
              className={PRIMARY_BUTTON}
              onClick={() => modals.openKeyed('sign-up', { params: { backTo: 'receive-bonus' } })}
            >
              {shell.signUp}
            </button>
          </ModalActions>
        </>
      )}
    </ModalFrame>
  );
}
