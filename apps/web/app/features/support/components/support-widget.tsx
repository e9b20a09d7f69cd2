import { useEffect, useId, useRef, useState } from 'react';
import type { SupportMessage } from '@coinfall/shared/contracts/support';
import { formatMessage, useLocale, useMessages } from '../../../i18n/i18n';
import { supportMessages, type SupportTexts } from '../../../i18n/messages/support';
import { ApiError } from '../../../lib/api/api-error';
import { buttonClass } from '../../../ui/button';
import { postMessage, uploadAttachment } from '../api/support';
import { useSupportChat, type SupportChatState } from '../hooks/use-support-chat';
import { unreadCount } from '../support-chat.fns';
import { Composer, type Upload } from './composer';
import { MessageList, type PendingMessage } from './message-list';
import { RatingForm } from './rating-form';

function failureText(error: unknown, t: SupportTexts): string {
  if (error instanceof ApiError && error.status === 429) return t.rateLimited;
  return t.sendFailed;
}

function StatusLine({ state, t }: { state: SupportChatState; t: SupportTexts }) {
  const { conversation } = state;
  let text: string;
  if (conversation?.status === 'assigned' && conversation.assignedAgentName)
    text = formatMessage(t.assigned, { name: conversation.assignedAgentName });
  else if (conversation?.status === 'closed') text = t.closed;
  else if (!state.agentsOnline) text = t.offline;
  else if (conversation?.status === 'waiting') text = t.waiting;
  else text = t.agentsOnline;
  return (
    <p
      className={`border-b border-border px-3 py-2 text-xs ${state.agentsOnline ? 'text-text-muted' : 'bg-surface-2 text-text'}`}
      data-testid="support-status"
      data-online={state.agentsOnline}
    >
      {text}
    </p>
  );
}

/** Announces the agent's new messages to screen readers (the list itself is not a live region). */
function useAnnouncement(messages: SupportMessage[], t: SupportTexts): string {
  const [text, setText] = useState('');
  const lastId = useRef<number | undefined>(undefined);
  const newest = messages.at(-1);
  useEffect(() => {
    if (!newest) return;
    const seenBefore = lastId.current;
    lastId.current = newest.id;
    // The first page and older pages are history, not news.
    if (seenBefore === undefined || newest.id <= seenBefore || newest.author === 'player') return;

    setText(
      formatMessage(t.newMessage, {
        name: newest.authorName || (newest.author === 'system' ? t.system : t.agent),
        text: newest.text || newest.attachment?.name || '',
      }),
    );
  }, [newest, t]);
  return text;
}

/**
 * While the panel is open the page makes room for it at ≥ lg (app.css: main and footer give up
 * the panel's width; the panel starts under the header), so it sits beside the page's controls.
 */
function useDockRoom(open: boolean) {
  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    root.dataset.supportDocked = 'true';
    return () => {
      delete root.dataset.supportDocked;
    };
  }, [open]);
}

/**
 * The player's live-support chat (issue 18): a launcher with the unread count, and a panel with
 * the conversation, the agent's typing, read receipts, attachments, the offline state and the
 * rating asked after a close. On a phone the panel floats over the page; from lg it docks as a
 * right-hand column the page makes room for (decision 053). Escape or the minimise button closes
 * the panel and returns the focus to the launcher; opening it on request puts the focus in the
 * reply box (opened by a login, it leaves the focus where it is).
 */
export default function SupportWidget({
  playerId,
  open,
  focusOnOpen = true,
  onOpenChange,
}: {
  playerId: string;
  open: boolean;
  focusOnOpen?: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useMessages(supportMessages);
  const locale = useLocale();
  const { state, reload, loadOlder, signalTyping, addMessages } = useSupportChat(playerId, open);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [upload, setUpload] = useState<Upload | undefined>(undefined);
  const [uploadError, setUploadError] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const panelId = useId();
  const titleId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  const unread = unreadCount(state.messages, 'player');
  const announcement = useAnnouncement(state.messages, t);
  useDockRoom(open);

  // Opening asks for the focus in the reply box; the box exists only once the conversation has
  // loaded, so the wish is kept until it can be granted.
  const focusWanted = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current && focusOnOpen) focusWanted.current = true;
    if (!open) focusWanted.current = false;
    if (!open && wasOpen.current && document.activeElement === document.body)
      launcher.current?.focus();
    wasOpen.current = open;
  }, [open, focusOnOpen]);
  useEffect(() => {
    if (!focusWanted.current || !input.current) return;
    input.current.focus();
    focusWanted.current = false;
  }, [open, state.status]);

  // The typing indicator fades by itself when no new signal comes.
  useEffect(() => {
    if (state.agentTypingUntil <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), state.agentTypingUntil - Date.now() + 10);
    return () => clearTimeout(timer);
  }, [state.agentTypingUntil]);
  const agentTyping = state.agentTypingUntil > now;

  const send = (text: string, clientMessageId: string = crypto.randomUUID()) => {
    setPending((items) => [
      ...items.filter((item) => item.clientMessageId !== clientMessageId),
      { clientMessageId, text, status: 'sending' },
    ]);
    postMessage(text, clientMessageId, locale)
      .then(({ message }) => {
        addMessages([message]);
        setPending((items) => items.filter((item) => item.clientMessageId !== clientMessageId));
        // The first message opens a conversation: read its state (and who answers).
        if (!state.conversation || state.conversation.status === 'closed') void reload();
      })
      .catch((error: unknown) => {
        setPending((items) =>
          items.map((item) =>
            item.clientMessageId === clientMessageId
              ? { ...item, status: 'failed', error: failureText(error, t) }
              : item,
          ),
        );
      });
  };

  const attach = (file: File) => {
    setUploadError('');
    setUpload({ name: file.name, percent: 0 });
    uploadAttachment(file, locale, (percent) => setUpload({ name: file.name, percent }))
      .then(({ message }) => {
        addMessages([message]);
        if (!state.conversation || state.conversation.status === 'closed') void reload();
      })
      .catch((error: unknown) =>
        setUploadError(
          error instanceof ApiError && error.status === 429 ? t.rateLimited : t.uploadFailed,
        ),
      )
      .finally(() => setUpload(undefined));
  };

  const launcherLabel =
    unread > 0 ? formatMessage(t.launcherUnread, { count: unread }) : t.launcher;

  return (
    <div className="fixed right-3 bottom-3 z-20 flex flex-col items-end gap-2 sm:right-5 sm:bottom-5">
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {open ? (
        <section
          id={panelId}
          aria-labelledby={titleId}
          data-testid="support-panel"
          className="flex h-[min(560px,calc(100dvh-6rem))] w-[min(380px,calc(100vw-1.5rem))] flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-2xl lg:fixed lg:top-[calc(4rem+1px)] lg:right-0 lg:bottom-0 lg:h-auto lg:w-(--support-dock-width) lg:rounded-none lg:border-y-0 lg:border-r-0 lg:shadow-none"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              onOpenChange(false);
              launcher.current?.focus();
            }
          }}
        >
          <header className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
            <h2 id={titleId} className="font-display text-base font-bold text-text">
              {t.title}
            </h2>
            <button
              type="button"
              className={buttonClass('ghost', 'icon')}
              aria-label={t.minimise}
              title={t.minimise}
              onClick={() => {
                onOpenChange(false);
                launcher.current?.focus();
              }}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M5 12h14" />
              </svg>
            </button>
          </header>
          {state.status === 'loading' ? (
            <p role="status" className="flex-1 p-4 text-sm text-text-muted">
              {t.loading}
            </p>
          ) : state.status === 'error' ? (
            <div
              role="alert"
              className="flex flex-1 flex-col items-center justify-center gap-3 p-4 text-sm"
            >
              <p className="text-text">{t.loadFailed}</p>
              <button
                type="button"
                className={buttonClass('outline', 'sm')}
                onClick={() => void reload()}
              >
                {t.retry}
              </button>
            </div>
          ) : (
            <>
              <StatusLine state={state} t={t} />
              <MessageList
                messages={state.messages}
                pending={pending}
                hasMore={state.hasMore}
                loadingOlder={state.loadingOlder}
                onLoadOlder={() => void loadOlder()}
                onRetry={(item) => send(item.text, item.clientMessageId)}
              />
              <p className="h-5 px-3 text-xs text-text-muted" data-testid="support-typing">
                {agentTyping
                  ? formatMessage(t.typing, {
                      name: state.conversation?.assignedAgentName || t.agent,
                    })
                  : ''}
              </p>
              {state.conversation?.status === 'closed' && state.conversation.ratingAsked ? (
                <RatingForm conversationId={state.conversation.id} onRated={() => void reload()} />
              ) : null}
              {uploadError ? (
                <p role="alert" className="px-3 text-xs text-danger">
                  {uploadError}
                </p>
              ) : null}
              <Composer
                inputRef={input}
                onSend={(text) => send(text)}
                onAttach={attach}
                onTyping={signalTyping}
                upload={upload}
              />
            </>
          )}
        </section>
      ) : null}
      <button
        ref={launcher}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={launcherLabel}
        data-testid="support-launcher"
        className={`relative flex size-14 items-center justify-center rounded-full bg-primary text-on-primary shadow-lg hover:bg-primary-strong ${open ? 'lg:hidden' : ''}`}
        onClick={() => onOpenChange(!open)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
        </svg>
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="support-unread"
            className="absolute -top-1 -right-1 flex min-w-5 items-center justify-center rounded-full bg-danger px-1 text-xs font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
    </div>
  );
}
