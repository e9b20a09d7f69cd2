import { formatMessage, useMessages } from '../../i18n/i18n.tsx';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { stringProp, useModalEntry } from '../../ui/modal/modal-entry.ts';
import { ModalFrame, ModalOkAction } from '../../ui/modal/modal-frame.tsx';

/**
 * Generic error message. The code comes from the `code` prop or the query
 * (`?modal=error&code=11002`, spec §8), so support can match what the player saw.
 */
export default function ErrorModal() {
  const { entry, searchParams } = useModalEntry();
  const t = useMessages(modalMessages);
  const code = stringProp(entry, 'code') ?? searchParams.get('code') ?? undefined;
  return (
    <ModalFrame
      title={stringProp(entry, 'title') ?? t.errorTitle}
      description={stringProp(entry, 'description') ?? t.errorDescription}
    >
      {code && (
        <p
          className="rounded-lg bg-surface-2 px-3 py-2 font-mono text-sm text-text-muted"
          data-testid="error-code"
        >
          {formatMessage(t.errorCode, { code })}
        </p>
      )}
      <ModalOkAction />
    </ModalFrame>
  );
}
