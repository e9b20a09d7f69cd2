import { useId, useRef, useState } from 'react';
import { SUPPORT_TEXT_MAX } from '@coinfall/shared/contracts/support';
import { LOCALES } from '@coinfall/shared/locales';
import { buttonClass } from '../../ui/button';
import { sendStaffMessage, sendTyping, useCannedReplies } from '../api/admin-support';
import { failureText } from '../failure.fns';

const TYPING_EVERY_MS = 2_500;

/**
 * The agent's reply box: a reply to the player or an internal note (never sent to the player,
 * shown apart), a canned reply of the chosen locale to start from, Enter to send.
 */
export function SupportReply({ conversationId }: { conversationId: string }) {
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [locale, setLocale] = useState<string>(LOCALES[0]);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const canned = useCannedReplies(locale);
  const lastTyping = useRef(0);
  const textId = useId();
  const errorId = useId();
  const tooLong = text.length > SUPPORT_TEXT_MAX;

  const send = async () => {
    const trimmed = text.trim();
    if (!trimmed || tooLong || sending) return;
    setSending(true);
    setError('');
    try {
      await sendStaffMessage(conversationId, trimmed, internal);
      setText('');
    } catch (failure) {
      setError(failureText(failure).formError);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={`border-t p-3 ${internal ? 'border-accent bg-accent/10' : 'border-border'}`}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="mb-2 flex flex-wrap items-center gap-3 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={internal}
            onChange={(event) => setInternal(event.target.checked)}
          />
          Internal note (staff only)
        </label>
        <label className="flex items-center gap-2">
          Canned replies
          <select
            value={locale}
            onChange={(event) => setLocale(event.target.value)}
            className="h-8 rounded-lg border border-border bg-surface-2 px-2"
            aria-label="Language of the canned replies"
          >
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
          <select
            value=""
            onChange={(event) => {
              const reply = canned.data?.data.find((c) => c.id === event.target.value);
              if (reply) setText(reply.text);
            }}
            className="h-8 max-w-56 rounded-lg border border-border bg-surface-2 px-2"
            aria-label="Insert a canned reply"
            disabled={!canned.data?.data.length}
          >
            <option value="">
              {canned.isPending
                ? 'Loading…'
                : canned.data?.data.length
                  ? 'Choose a reply…'
                  : 'None for this language'}
            </option>
            {canned.data?.data.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label htmlFor={textId} className="sr-only">
        {internal ? 'Internal note' : 'Reply to the player'}
      </label>
      <textarea
        id={textId}
        rows={3}
        value={text}
        data-testid="support-reply"
        placeholder={internal ? 'A note for staff only…' : 'Reply to the player…'}
        aria-invalid={tooLong || undefined}
        aria-describedby={error || tooLong ? errorId : undefined}
        className="w-full resize-y rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm"
        onChange={(event) => {
          setText(event.target.value);
          const now = Date.now();
          if (!internal && event.target.value && now - lastTyping.current > TYPING_EVERY_MS) {
            lastTyping.current = now;
            sendTyping(conversationId).catch(() => undefined);
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void send();
          }
        }}
      />
      <div className="mt-2 flex items-center justify-between gap-3">
        <p id={errorId} role="alert" className="text-sm text-danger empty:hidden">
          {tooLong ? `At most ${SUPPORT_TEXT_MAX} characters.` : error}
        </p>
        <button
          type="submit"
          className={buttonClass(internal ? 'accent' : 'primary', 'sm', 'ml-auto')}
          disabled={!text.trim() || tooLong || sending}
        >
          {internal ? 'Add note' : 'Send reply'}
        </button>
      </div>
    </form>
  );
}
