import { and, asc, count, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Locale } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { anyOf, runPrepared, toPrepared } from '../../db/prepared.ts';
import { supportConversations, supportMessages } from '../../db/schema/index.ts';
import type { ConversationRow, MessageRow } from './support.repo.ts';

/** A conversation's change after a batch of its player's messages. */
export interface ConversationTouch {
  id: string;
  lastMessageId: number;
  locale: Locale | null;
}

/** A message as a batch writes it: the database numbers and stamps it. */
export type NewMessage = Pick<MessageRow, 'conversationId' | 'playerId' | 'author' | 'text'> &
  Partial<Pick<MessageRow, 'staffId' | 'internal' | 'attachmentId' | 'clientMessageId'>>;

/** A row as `INSERT_MESSAGES` returns it: the columns' names and the drivers' values. */
interface InsertedMessage {
  id: string | number;
  conversation_id: string;
  player_id: string;
  author: MessageRow['author'];
  staff_id: string | null;
  internal: boolean;
  text: string;
  attachment_id: string | null;
  client_message_id: string | null;
  created_at: string;
}

/**
 * A batch's messages in one statement whose text is the same whatever the batch's size, so a
 * connection parses and plans it once (decision 073). Building drizzle's multi-row insert instead,
 * one parameter per column and row, took 12 % of the chat server's busy time in a profile of
 * the chat bench (decision 076). Ids follow the array's order.
 */
const INSERT_MESSAGES = toPrepared(sql`
  insert into ${supportMessages} (conversation_id, player_id, author, staff_id, internal, text,
    attachment_id, client_message_id)
  select m.conversation_id, m.player_id, m.author, m.staff_id, m.internal, m.text,
    m.attachment_id, m.client_message_id
  from rows from (jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as (conversation_id uuid,
    player_id uuid, author text, staff_id uuid, internal boolean, text text, attachment_id uuid,
    client_message_id uuid)) with ordinality as m(conversation_id, player_id, author, staff_id,
    internal, text, attachment_id, client_message_id, n)
  order by m.n
  returning *`);

/** What a drizzle select of the row answers, from the raw row (as the ledger's posting does). */
function toMessageRow(r: InsertedMessage): MessageRow {
  return {
    // bigint in `number` mode, as drizzle maps it; a message id stays far below 2^53.
    id: Number(r.id),
    conversationId: r.conversation_id,
    playerId: r.player_id,
    author: r.author,
    staffId: r.staff_id,
    internal: r.internal,
    text: r.text,
    attachmentId: r.attachment_id,
    clientMessageId: r.client_message_id,
    // What drizzle's timestamptz column does with the text both drivers return.
    createdAt: new Date(r.created_at),
  };
}

/**
 * The statements of a batch of player messages (decision 071): one per table for the whole
 * batch, whatever its size, and one text whatever its size (`anyOf`, decision 073), so each is
 * planned once per connection. Every method takes the batch's transaction.
 */
export function createSupportBatchRepo() {
  return {
    /**
     * The open conversations of these players, locked in id order: two batches (or a batch and
     * an agent's answer) wanting the same conversations queue rather than deadlock.
     */
    lockOpenOf(tx: Database, playerIds: string[]): Promise<ConversationRow[]> {
      return tx
        .select()
        .from(supportConversations)
        .where(
          and(
            anyOf(supportConversations.playerId, playerIds, 'uuid'),
            ne(supportConversations.status, 'closed'),
          ),
        )
        .orderBy(asc(supportConversations.id))
        .for('update');
    },

    /** These conversations, locked in id order (as `lockOpenOf`, by id: an agent's batch). */
    lockByIds(tx: Database, ids: string[]): Promise<ConversationRow[]> {
      return tx
        .select()
        .from(supportConversations)
        .where(anyOf(supportConversations.id, ids, 'uuid'))
        .orderBy(asc(supportConversations.id))
        .for('update');
    },

    /** How many of these players have an open conversation (a read, no lock). */
    async openCount(tx: Database, playerIds: string[]): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(supportConversations)
        .where(
          and(
            anyOf(supportConversations.playerId, playerIds, 'uuid'),
            ne(supportConversations.status, 'closed'),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * In one statement: which of these client ids each player has used already (a retry), and
     * how many messages each conversation had from its player in the last `windowMs` (the rate
     * limit, counted where every node and both paths write, on the rows the caller has locked;
     * by the database's clock, which stamps the messages).
     */
    async activity(
      tx: Database,
      input: {
        playerIds: string[];
        clientIds: string[];
        conversationIds: string[];
        windowMs: number;
      },
    ): Promise<{
      used: { playerId: string; clientMessageId: string }[];
      recent: Map<string, number>;
    }> {
      // Both drivers answer raw SQL with `{ rows }`, json columns parsed.
      const result: unknown = await tx.execute(sql`
        select
          (select json_agg(json_build_object('playerId', m.player_id,
              'clientMessageId', m.client_message_id))
            from ${supportMessages} m
            where m.player_id = any(${sql.param(input.playerIds)}::uuid[])
              and m.client_message_id = any(${sql.param(input.clientIds)}::uuid[])) as used,
          (select json_agg(json_build_object('conversationId', c.conversation_id, 'n', c.n))
            from (select m.conversation_id, count(*)::int as n from ${supportMessages} m
              where m.conversation_id = any(${sql.param(input.conversationIds)}::uuid[])
                and m.author = 'player'
                and m.created_at > now() - ${input.windowMs} * interval '1 millisecond'
              group by m.conversation_id) c) as recent`);
      const [row] = (
        result as {
          rows: {
            used: { playerId: string; clientMessageId: string }[] | null;
            recent: { conversationId: string; n: number }[] | null;
          }[];
        }
      ).rows;
      return {
        used: row?.used ?? [],
        recent: new Map((row?.recent ?? []).map((r) => [r.conversationId, r.n])),
      };
    },

    /** The messages in one prepared insert (INSERT_MESSAGES), ids in the given order. */
    async insertMessages(tx: Database, rows: NewMessage[]): Promise<MessageRow[]> {
      if (rows.length === 0) return [];
      const inserted = await runPrepared<InsertedMessage>(
        tx,
        INSERT_MESSAGES,
        'support_insert_messages_v1',
        {
          rows: JSON.stringify(
            rows.map((r) => ({
              conversation_id: r.conversationId,
              player_id: r.playerId,
              author: r.author,
              staff_id: r.staffId ?? null,
              internal: r.internal ?? false,
              text: r.text,
              attachment_id: r.attachmentId ?? null,
              client_message_id: r.clientMessageId ?? null,
            })),
          ),
        },
      );
      return inserted.map(toMessageRow).sort((a, b) => a.id - b.id);
    },

    /**
     * Each conversation after its player wrote: the last message time, waiting since the first
     * unanswered one, the player seen and having read up to their own last message, and the
     * language to email answers in when the messages said one.
     */
    async touch(tx: Database, touches: ConversationTouch[], at: Date): Promise<ConversationRow[]> {
      const c = supportConversations;
      const rows = await tx
        .update(c)
        .set({
          lastMessageAt: at,
          waitingSince: sql`coalesce(${c.waitingSince}, ${at.toISOString()}::timestamptz)`,
          playerSeenAt: at,
          playerReadUpTo: sql`greatest(${c.playerReadUpTo}, t."lastMessageId")`,
          playerReadAt: at,
          locale: sql`coalesce(t.locale, ${c.locale})`,
        })
        .from(
          sql`jsonb_to_recordset(${JSON.stringify(touches)}::jsonb)
            as t(id uuid, "lastMessageId" bigint, locale text)`,
        )
        .where(sql`${c.id} = t.id`)
        .returning(getTableColumns(c));
      if (rows.length !== touches.length) throw new Error('a batch conversation vanished');
      return rows;
    },

    /**
     * Each conversation after an agent answered: the last message time, no longer waiting, and
     * the agent having read up to their own answer.
     */
    async touchAnswered(
      tx: Database,
      touches: { id: string; lastMessageId: number }[],
      at: Date,
    ): Promise<ConversationRow[]> {
      const c = supportConversations;
      const rows = await tx
        .update(c)
        .set({
          lastMessageAt: at,
          waitingSince: null,
          agentReadUpTo: sql`greatest(${c.agentReadUpTo}, t."lastMessageId")`,
          agentReadAt: at,
        })
        .from(
          sql`jsonb_to_recordset(${JSON.stringify(touches)}::jsonb)
            as t(id uuid, "lastMessageId" bigint)`,
        )
        .where(sql`${c.id} = t.id`)
        .returning(getTableColumns(c));
      if (rows.length !== touches.length) throw new Error('a batch conversation vanished');
      return rows;
    },
  };
}
export type SupportBatchRepo = ReturnType<typeof createSupportBatchRepo>;
