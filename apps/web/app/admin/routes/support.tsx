import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { SupportPresence, SupportQueueRow } from '@coinfall/shared/contracts/support';
import { formatWait } from '../../features/support/support-chat.fns';
import { adminMeta } from '../admin-meta';
import {
  addStaffMessage,
  applyPlayerRead,
  refreshSupportLists,
  setPresence,
  useAgents,
  useSupportList,
  type QueueFilter,
} from '../api/admin-support';
import { listenToStaffSupport, type StaffConnection } from '../api/staff-realtime';
import { SupportConversation } from '../components/support-conversation';
import { useUrlQuery } from '../use-url-query';

export const meta = () => adminMeta('Support');

/** Live: the staff channel feeds the lists and the open conversation; typing per conversation. */
function useStaffSupportLive() {
  const [connection, setConnection] = useState<StaffConnection>('disconnected');
  const [typing, setTyping] = useState<Record<string, number>>({});
  useEffect(
    () =>
      listenToStaffSupport({
        onState: setConnection,
        onResync: () => void refreshSupportLists(),
        onPush: (push) => {
          switch (push.type) {
            case 'queue':
            case 'assigned':
              void refreshSupportLists();
              return;
            case 'message':
              addStaffMessage(push.message);
              void refreshSupportLists();
              if (push.message.author === 'player')
                setTyping((t) => ({ ...t, [push.message.conversationId]: 0 }));
              return;
            case 'typing':
              setTyping((t) => ({ ...t, [push.conversationId]: Date.now() }));
              return;
            case 'read':
              applyPlayerRead(push.conversationId, push.upToMessageId);
          }
        },
      }),
    [],
  );
  return { connection, typing };
}

/** A clock for the live wait times, ticking once a second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function ConversationList({
  title,
  filter,
  selected,
  emptyText,
  now,
}: {
  title: string;
  filter: QueueFilter;
  selected: string | null;
  emptyText: string;
  now: number;
}) {
  const query = useSupportList(filter);
  const rows: SupportQueueRow[] = query.data?.data ?? [];
  const headingId = `support-list-${filter.status}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-border bg-surface">
      <h2 id={headingId} className="border-b border-border px-3 py-2 text-sm font-bold">
        {title} {query.data ? `(${query.data.meta.totalRows})` : ''}
      </h2>
      {query.isPending ? (
        <p className="p-3 text-sm text-text-muted">Loading…</p>
      ) : query.isError ? (
        <p role="alert" className="p-3 text-sm text-danger">
          This list could not be loaded.
        </p>
      ) : rows.length === 0 ? (
        <p className="p-3 text-sm text-text-muted">{emptyText}</p>
      ) : (
        <ul data-testid={`support-list-${filter.status}`}>
          {rows.map((row) => (
            <li key={row.id} className="border-b border-border last:border-b-0">
              <Link
                to={`/admin/support?c=${row.id}`}
                aria-current={row.id === selected ? 'true' : undefined}
                className="block px-3 py-2 text-sm hover:bg-surface-2 aria-[current=true]:bg-surface-2"
              >
                <span className="flex justify-between gap-2">
                  <span className="truncate font-semibold">
                    {row.player.nickname ?? row.player.email}
                  </span>
                  {row.waitingSince ? (
                    <span
                      className="shrink-0 font-mono text-xs text-accent"
                      title="Waiting for an answer"
                    >
                      {formatWait(now - Date.parse(row.waitingSince))}
                    </span>
                  ) : null}
                </span>
                <span className="flex justify-between gap-2 text-xs text-text-muted">
                  <span className="truncate">{row.lastMessagePreview}</span>
                  {row.unreadForAgent > 0 ? (
                    <span className="shrink-0 rounded-full bg-danger px-1.5 text-white">
                      {row.unreadForAgent}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PresenceToggle() {
  const agents = useAgents();
  const me = agents.data?.data.find((a) => a.me);
  const [error, setError] = useState('');
  const presence: SupportPresence = me?.presence ?? 'away';
  const change = (next: SupportPresence) => {
    setError('');
    setPresence(next).catch(() => setError('Your presence could not be changed.'));
  };
  return (
    <fieldset className="flex items-center gap-2 text-sm" data-testid="support-presence">
      <legend className="sr-only">My presence</legend>
      {(['online', 'away'] as const).map((value) => (
        <label
          key={value}
          className="flex cursor-pointer items-center gap-1 rounded-lg border border-border px-2 py-1 has-[:checked]:bg-surface-2 has-[:checked]:font-semibold"
        >
          <input
            type="radio"
            name="support-presence"
            value={value}
            checked={presence === value}
            onChange={() => change(value)}
          />
          {value === 'online' ? 'Online' : 'Away'}
        </label>
      ))}
      <span role="alert" className="text-danger empty:hidden">
        {error}
      </span>
    </fieldset>
  );
}

/**
 * The agents' console (issue 18): the queue of waiting conversations with their live wait
 * times, my conversations, and the open one with the player's context beside it.
 */
export default function AdminSupport() {
  const [params] = useUrlQuery();
  const selected = params.get('c');
  const { connection, typing } = useStaffSupportLive();
  const now = useNow();
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Support</h1>
        <div className="flex items-center gap-4">
          <span
            className="text-xs text-text-muted"
            data-testid="support-live"
            data-state={connection}
          >
            {connection === 'connected'
              ? 'Live'
              : connection === 'connecting'
                ? 'Connecting…'
                : 'Offline'}
          </span>
          <PresenceToggle />
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
        <div className="flex flex-col gap-4">
          <ConversationList
            title="Waiting"
            filter={{ status: 'waiting' }}
            selected={selected}
            emptyText="Nobody is waiting."
            now={now}
          />
          <ConversationList
            title="My conversations"
            filter={{ status: 'assigned', assignee: 'me' }}
            selected={selected}
            emptyText="No conversation is assigned to you."
            now={now}
          />
        </div>
        {selected ? (
          <SupportConversation key={selected} id={selected} playerTypingAt={typing[selected]} />
        ) : (
          <p className="text-sm text-text-muted">Choose a conversation to open it.</p>
        )}
      </div>
    </>
  );
}
