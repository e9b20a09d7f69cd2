import { useLayoutEffect, useRef } from 'react';
import type { SupportMessage } from '@coinfall/shared/contracts/support';
import { formatMessage, useLocale, useMessages } from '../../../i18n/i18n';
import { supportMessages, type SupportTexts } from '../../../i18n/messages/support';
import { groupMessages, lastSeenOwnId, formatBytes } from '../support-chat.fns';
import { MessageText } from '../message-text';
import { openAttachment } from '../api/support';

export interface PendingMessage {
  clientMessageId: string;
  text: string;
  status: 'sending' | 'failed';
  error?: string;
}

function authorLabel(message: SupportMessage, t: SupportTexts): string {
  if (message.author === 'player') return t.you;
  if (message.author === 'system') return t.system;
  return message.authorName || t.agent;
}

function AttachmentLink({ message }: { message: SupportMessage }) {
  const t = useMessages(supportMessages);
  const attachment = message.attachment;
  if (!attachment) return null;
  return (
    <button
      type="button"
      className="mt-1 block text-left text-sm underline"
      onClick={() => void openAttachment(attachment.id, attachment.name).catch(() => undefined)}
    >
      {formatMessage(t.attachment, { name: attachment.name, size: formatBytes(attachment.size) })}
    </button>
  );
}

/**
 * The conversation, oldest first, grouped by author. Keeps the newest message in view as
 * messages arrive, unless the player scrolled up to read older ones; loading older ones keeps
 * the place the player was reading.
 */
export function MessageList({
  messages,
  pending,
  hasMore,
  loadingOlder,
  onLoadOlder,
  onRetry,
}: {
  messages: SupportMessage[];
  pending: PendingMessage[];
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (pending: PendingMessage) => void;
}) {
  const t = useMessages(supportMessages);
  const locale = useLocale();
  const scroller = useRef<HTMLDivElement>(null);
  const lastHeight = useRef(0);
  const firstId = useRef<number | undefined>(undefined);
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
  const seenId = lastSeenOwnId(messages, 'player');

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const olderLoaded = firstId.current !== undefined && messages[0]?.id !== firstId.current;
    const nearBottom =
      lastHeight.current - element.scrollTop - element.clientHeight < 80 ||
      lastHeight.current === 0;
    if (olderLoaded) element.scrollTop += element.scrollHeight - lastHeight.current;
    else if (nearBottom) element.scrollTop = element.scrollHeight;
    lastHeight.current = element.scrollHeight;
    firstId.current = messages[0]?.id;
  }, [messages, pending]);

  return (
    <div
      ref={scroller}
      className="flex-1 overflow-y-auto px-3 py-2"
      data-testid="support-messages"
      tabIndex={0}
      aria-label={t.title}
    >
      {hasMore ? (
        <div className="mb-2 flex justify-center">
          <button
            type="button"
            className="rounded-lg px-3 py-1 text-xs text-text-muted underline hover:bg-surface-2"
            onClick={onLoadOlder}
            disabled={loadingOlder}
          >
            {loadingOlder ? t.loadingOlder : t.loadOlder}
          </button>
        </div>
      ) : null}
      {messages.length === 0 && pending.length === 0 ? (
        <p className="py-6 text-center text-sm text-text-muted">{t.empty}</p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {groupMessages(messages).map((group) => {
          const own = group.author === 'player';
          const first = group.messages[0];
          if (!first) return null;
          return (
            <li key={first.id} className={`flex flex-col ${own ? 'items-end' : 'items-start'}`}>
              <p className="mb-0.5 text-xs text-text-muted">
                {authorLabel(first, t)} · {time.format(new Date(first.createdAt))}
              </p>
              <ol
                className={`flex max-w-[85%] flex-col gap-1 ${own ? 'items-end' : 'items-start'}`}
              >
                {group.messages.map((message) => (
                  <li
                    key={message.id}
                    data-testid="support-message"
                    data-author={message.author}
                    className={`rounded-2xl px-3 py-2 text-sm ${
                      own
                        ? 'bg-primary text-on-primary'
                        : group.author === 'system'
                          ? 'bg-surface-2 text-text-muted italic'
                          : 'bg-surface-2 text-text'
                    }`}
                  >
                    {message.text ? <MessageText text={message.text} /> : null}
                    <AttachmentLink message={message} />
                    {message.id === seenId ? (
                      <span className="mt-0.5 block text-right text-[11px] opacity-80">
                        {t.seen}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ol>
            </li>
          );
        })}
        {pending.map((item) => (
          <li
            key={item.clientMessageId}
            className="flex flex-col items-end"
            data-testid="support-pending"
          >
            <p className="max-w-[85%] rounded-2xl bg-primary/60 px-3 py-2 text-sm text-on-primary">
              <MessageText text={item.text} />
            </p>
            <p
              className={`text-[11px] ${item.status === 'failed' ? 'text-danger' : 'text-text-muted'}`}
            >
              {item.status === 'sending' ? t.sending : (item.error ?? t.sendFailed)}
              {item.status === 'failed' ? (
                <button type="button" className="ml-2 underline" onClick={() => onRetry(item)}>
                  {t.retry}
                </button>
              ) : null}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
