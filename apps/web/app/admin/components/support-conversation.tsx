import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SupportConversationDetail } from '@coinfall/shared/contracts/support';
import {
  groupMessages,
  lastSeenOwnId,
  newestUnreadId,
  formatBytes,
} from '../../features/support/support-chat.fns';
import { MessageText } from '../../features/support/message-text';
import { LoadState } from '../../ui/load-state';
import { buttonClass } from '../../ui/button';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import {
  actOnConversation,
  markRead,
  staffAttachmentPath,
  transferConversation,
  useAgents,
  useSupportConversation,
} from '../api/admin-support';
import { formatInstant } from '../format.fns';
import { useStaff } from '../use-staff';
import { ConfirmDialog } from './confirm-dialog';
import { SupportPlayerContextPanel } from './support-player-context';
import { SupportReply } from './support-reply';

type Detail = SupportConversationDetail;
type Pending = { kind: 'close' } | { kind: 'transfer'; staffId: string; name: string };

function Actions({ detail }: { detail: Detail }) {
  const { id: meId } = useStaff();
  const agents = useAgents();
  const [pending, setPending] = useState<Pending | undefined>(undefined);
  const [target, setTarget] = useState('');
  const [error, setError] = useState('');
  const { conversation } = detail;
  const mine = conversation.assignee?.id === meId;
  const act = (action: 'take' | 'reopen') => {
    setError('');
    actOnConversation(conversation.id, action).catch(() =>
      setError(action === 'take' ? 'Could not take it.' : 'Could not reopen it.'),
    );
  };
  const others = (agents.data?.data ?? []).filter((a) => a.id !== conversation.assignee?.id);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {conversation.status !== 'closed' && !mine ? (
        <button type="button" className={buttonClass('primary', 'sm')} onClick={() => act('take')}>
          Take
        </button>
      ) : null}
      {conversation.status !== 'closed' ? (
        <>
          <label className="flex items-center gap-1 text-sm">
            <span className="sr-only">Transfer to</span>
            <select
              value={target}
              onChange={(event) => setTarget(event.target.value)}
              className="h-9 rounded-lg border border-border bg-surface-2 px-2"
            >
              <option value="">Transfer to…</option>
              {others.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.displayName} ({a.presence}, {a.openConversations} open)
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            disabled={!target}
            onClick={() => {
              const agent = others.find((a) => a.id === target);
              if (agent)
                setPending({ kind: 'transfer', staffId: agent.id, name: agent.displayName });
            }}
          >
            Transfer
          </button>
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            onClick={() => setPending({ kind: 'close' })}
          >
            Close
          </button>
        </>
      ) : (
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          onClick={() => act('reopen')}
        >
          Reopen
        </button>
      )}
      <p role="alert" className="text-sm text-danger empty:hidden">
        {error}
      </p>
      {pending?.kind === 'close' ? (
        <ConfirmDialog
          dialogKey="support-close"
          title="Close this conversation?"
          description="The player is asked to rate the conversation; writing again starts a new one."
          confirmLabel="Close conversation"
          onConfirm={() => actOnConversation(conversation.id, 'close')}
          onClose={() => setPending(undefined)}
        />
      ) : null}
      {pending?.kind === 'transfer' ? (
        <ConfirmDialog
          dialogKey="support-transfer"
          title={`Transfer to ${pending.name}?`}
          description="The conversation leaves your list and goes to theirs."
          confirmLabel="Transfer"
          onConfirm={async () => {
            await transferConversation(conversation.id, pending.staffId);
            setTarget('');
          }}
          onClose={() => setPending(undefined)}
        />
      ) : null}
    </div>
  );
}

function Messages({ detail, playerTyping }: { detail: Detail; playerTyping: boolean }) {
  const scroller = useRef<HTMLDivElement>(null);
  const seenId = lastSeenOwnId(detail.messages, 'agent');
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [detail.messages.length]);
  return (
    <>
      <div
        ref={scroller}
        tabIndex={0}
        aria-label="Messages"
        data-testid="support-console-messages"
        className="min-h-64 flex-1 overflow-y-auto p-3"
      >
        <ol className="flex flex-col gap-3">
          {groupMessages(detail.messages).map((group) => {
            const first = group.messages[0];
            if (!first) return null;
            const fromPlayer = group.author === 'player';
            return (
              <li
                key={first.id}
                className={`flex flex-col ${fromPlayer ? 'items-start' : 'items-end'}`}
              >
                <p className="mb-0.5 text-xs text-text-muted">
                  {group.internal ? 'Internal note · ' : ''}
                  {fromPlayer ? 'Player' : (group.authorName ?? 'System')} ·{' '}
                  {formatInstant(first.createdAt)}
                </p>
                <ol className="flex max-w-[80%] flex-col gap-1">
                  {group.messages.map((m) => (
                    <li
                      key={m.id}
                      data-testid="support-console-message"
                      data-internal={m.internal}
                      className={`rounded-xl px-3 py-2 text-sm ${
                        group.internal
                          ? 'border-2 border-dashed border-accent bg-accent/10 text-text'
                          : fromPlayer
                            ? 'bg-surface-2 text-text'
                            : 'bg-primary text-on-primary'
                      }`}
                    >
                      {m.text ? <MessageText text={m.text} /> : null}
                      {m.attachment ? (
                        <a
                          href={staffAttachmentPath(m.attachment.id)}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="mt-1 block underline"
                        >
                          Attachment: {m.attachment.name} ({formatBytes(m.attachment.size)})
                        </a>
                      ) : null}
                      {m.id === seenId ? (
                        <span className="mt-0.5 block text-right text-[11px] opacity-80">Seen</span>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </li>
            );
          })}
        </ol>
      </div>
      <p className="h-5 px-3 text-xs text-text-muted" data-testid="support-console-typing">
        {playerTyping ? 'The player is typing…' : ''}
      </p>
    </>
  );
}

/** One conversation: its messages, the actions on it, the reply box and the player's context. */
export function SupportConversation({
  id,
  playerTypingAt,
}: {
  id: string;
  /** When the player last signalled typing here (ms), from the staff channel. */
  playerTypingAt: number | undefined;
}) {
  const query = useSupportConversation(id);
  const detail = query.data;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!playerTypingAt) return;
    const timer = setTimeout(() => setNow(Date.now()), 4_100);
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setNow(Date.now());
    return () => clearTimeout(timer);
  }, [playerTypingAt]);
  const playerTyping = playerTypingAt !== undefined && now - playerTypingAt < 4_000;

  // What is on screen is read: the player sees "Seen".
  const unreadId = detail ? newestUnreadId(detail.messages, 'agent') : undefined;
  useEffect(() => {
    if (unreadId !== undefined) markRead(id, unreadId).catch(() => undefined);
  }, [id, unreadId]);

  return (
    <LoadState query={query} texts={ADMIN_LOAD_TEXTS}>
      {(loaded) => <ConversationView detail={loaded} playerTyping={playerTyping} />}
    </LoadState>
  );
}

function ConversationView({ detail, playerTyping }: { detail: Detail; playerTyping: boolean }) {
  const { conversation } = detail;
  return (
    <div className="grid gap-4 xl:grid-cols-[1fr_20rem]">
      <section
        aria-labelledby="support-conversation-title"
        className="flex min-h-[32rem] flex-col rounded-xl border border-border bg-surface"
      >
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-border p-3">
          <div>
            <h2 id="support-conversation-title" className="text-base font-bold">
              {detail.player.profile.nickname ?? detail.player.profile.email}
            </h2>
            <p className="text-xs text-text-muted" data-testid="support-conversation-status">
              {conversation.status}
              {conversation.assignee ? ` · ${conversation.assignee.displayName}` : ''}
              {conversation.rating ? ` · rated ${conversation.rating.score}/5` : ''}
            </p>
          </div>
          <Actions detail={detail} />
        </header>
        <Messages detail={detail} playerTyping={playerTyping} />
        <SupportReply conversationId={conversation.id} />
      </section>
      <SupportPlayerContextPanel player={detail.player} />
    </div>
  );
}
