import { and, asc, count, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { Locale } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { supportConversations, supportMessages } from '../../db/schema/index.ts';
import type { ConversationRow, MessageRow } from './support.repo.ts';

/** A conversation's change after a batch of its player's messages. */
export interface ConversationTouch {
  id: string;
  lastMessageId: number;
  locale: Locale | null;
}

/**
 * The statements of a batch of player messages (decision 071): one per table for the whole
 * batch, whatever its size. Every method takes the batch's transaction.
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
            inArray(supportConversations.playerId, playerIds),
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
        .where(inArray(supportConversations.id, ids))
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
            inArray(supportConversations.playerId, playerIds),
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

    /** The messages in one multi-row insert, ids in the given order; answered by id. */
    async insertMessages(
      tx: Database,
      rows: (typeof supportMessages.$inferInsert)[],
    ): Promise<MessageRow[]> {
      if (rows.length === 0) return [];
      const inserted = await tx.insert(supportMessages).values(rows).returning();
      return inserted.sort((a, b) => a.id - b.id);
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
