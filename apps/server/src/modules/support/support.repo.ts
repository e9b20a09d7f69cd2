import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { roleMay, type SupportConversationStatus, type SupportPresence } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import {
  staff,
  supportAgents,
  supportAttachments,
  supportCannedReplies,
  supportConversations,
  supportMessages,
} from '../../db/schema/index.ts';

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type AttachmentRow = typeof supportAttachments.$inferSelect;

/** A message with its attachment's metadata and its agent's display name. */
export interface MessageView extends MessageRow {
  attachment: Pick<AttachmentRow, 'id' | 'name' | 'contentType' | 'size'> | null;
  agentName: string | null;
}

/** The support chat's tables (decision 040); every method takes the caller's transaction. */
export function createSupportRepo() {
  async function messagesWhere(tx: Database, where: SQL, order: 'asc' | 'desc', limit: number) {
    const rows = await tx
      .select({
        message: supportMessages,
        attachment: {
          id: supportAttachments.id,
          name: supportAttachments.name,
          contentType: supportAttachments.contentType,
          size: supportAttachments.size,
        },
        agentName: supportAgents.displayName,
      })
      .from(supportMessages)
      .leftJoin(supportAttachments, eq(supportAttachments.id, supportMessages.attachmentId))
      .leftJoin(supportAgents, eq(supportAgents.staffId, supportMessages.staffId))
      .where(where)
      .orderBy(order === 'asc' ? asc(supportMessages.id) : desc(supportMessages.id))
      .limit(limit);
    return rows.map((r): MessageView => ({
      ...r.message,
      attachment: r.attachment,
      agentName: r.agentName,
    }));
  }

  return {
    /** The player's conversation that is not closed, locked for the caller's transaction. */
    async openOf(tx: Database, playerId: string, lock = false): Promise<ConversationRow | null> {
      const query = tx
        .select()
        .from(supportConversations)
        .where(
          and(
            eq(supportConversations.playerId, playerId),
            ne(supportConversations.status, 'closed'),
          ),
        );
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /**
     * The conversation the player sees: the open one when there is one (an agent may have
     * reopened an older one, which is where the player's next message goes), else the latest.
     */
    async latestOf(tx: Database, playerId: string): Promise<ConversationRow | null> {
      const [row] = await tx
        .select()
        .from(supportConversations)
        .where(eq(supportConversations.playerId, playerId))
        .orderBy(
          sql`${supportConversations.status} = 'closed'`,
          desc(supportConversations.createdAt),
          desc(supportConversations.id),
        )
        .limit(1);
      return row ?? null;
    },

    async find(tx: Database, id: string, lock = false): Promise<ConversationRow | null> {
      const query = tx.select().from(supportConversations).where(eq(supportConversations.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /**
     * Opens a conversation; null when the player has an open one already (the partial unique
     * index decided, whichever request came first).
     */
    async open(
      tx: Database,
      values: {
        playerId: string;
        status: SupportConversationStatus;
        assignedStaffId: string | null;
      },
    ): Promise<ConversationRow | null> {
      const [row] = await tx
        .insert(supportConversations)
        .values(values)
        .onConflictDoNothing({
          target: supportConversations.playerId,
          where: sql`${supportConversations.status} <> 'closed'`,
        })
        .returning();
      return row ?? null;
    },

    async update(
      tx: Database,
      id: string,
      patch: Partial<Omit<ConversationRow, 'id' | 'playerId' | 'createdAt'>>,
    ): Promise<ConversationRow> {
      const [row] = await tx
        .update(supportConversations)
        .set(patch)
        .where(eq(supportConversations.id, id))
        .returning();
      if (!row) throw new Error(`support conversation ${id} vanished`);
      return row;
    },

    /**
     * Moves a read marker forward only (a late, older receipt changes nothing), and never past
     * the conversation's last message the reader can see (a player never sees internal notes):
     * a marker past it would mark the other side's next messages read before they exist.
     * Answers the new marker, or null when it did not move.
     */
    async markRead(
      tx: Database,
      id: string,
      side: 'player' | 'agent',
      upTo: number,
      at: Date,
    ): Promise<number | null> {
      const column =
        side === 'player'
          ? supportConversations.playerReadUpTo
          : supportConversations.agentReadUpTo;
      const lastSeen = sql<number>`least(${upTo}::bigint, (
        select coalesce(max(${supportMessages.id}), 0) from ${supportMessages}
        where ${supportMessages.conversationId} = ${id}
          ${side === 'player' ? sql`and not ${supportMessages.internal}` : sql``}))`;
      const [row] = await tx
        .update(supportConversations)
        .set(
          side === 'player'
            ? { playerReadUpTo: lastSeen, playerReadAt: at }
            : { agentReadUpTo: lastSeen, agentReadAt: at },
        )
        .where(and(eq(supportConversations.id, id), lt(column, lastSeen)))
        .returning({ upTo: column });
      return row ? Number(row.upTo) : null;
    },

    async touchPlayer(tx: Database, id: string, at: Date): Promise<void> {
      await tx
        .update(supportConversations)
        .set({ playerSeenAt: at })
        .where(eq(supportConversations.id, id));
    },

    /** Inserts a message; null when the player's clientMessageId was used already. */
    async insertMessage(
      tx: Database,
      values: typeof supportMessages.$inferInsert,
    ): Promise<MessageView | null> {
      const [row] = await tx
        .insert(supportMessages)
        .values(values)
        .onConflictDoNothing({
          target: [supportMessages.playerId, supportMessages.clientMessageId],
          where: sql`${supportMessages.clientMessageId} is not null`,
        })
        .returning({ id: supportMessages.id });
      if (!row) return null;
      const [view] = await messagesWhere(tx, eq(supportMessages.id, row.id), 'asc', 1);
      return view ?? null;
    },

    async messageByClientId(
      tx: Database,
      playerId: string,
      clientMessageId: string,
    ): Promise<MessageView | null> {
      const [view] = await messagesWhere(
        tx,
        and(
          eq(supportMessages.playerId, playerId),
          eq(supportMessages.clientMessageId, clientMessageId),
        )!,
        'asc',
        1,
      );
      return view ?? null;
    },

    async message(tx: Database, id: number): Promise<MessageView | null> {
      const [view] = await messagesWhere(tx, eq(supportMessages.id, id), 'asc', 1);
      return view ?? null;
    },

    /** A page of messages, newest `limit` before `before`, returned oldest first. */
    async page(
      tx: Database,
      conversationId: string,
      options: { before?: number; limit: number; internal: boolean },
    ): Promise<{ messages: MessageView[]; hasMore: boolean }> {
      const filters = [eq(supportMessages.conversationId, conversationId)];
      if (options.before) filters.push(lt(supportMessages.id, options.before));
      if (!options.internal) filters.push(eq(supportMessages.internal, false));
      const rows = await messagesWhere(tx, and(...filters)!, 'desc', options.limit + 1);
      return {
        messages: rows.slice(0, options.limit).reverse(),
        hasMore: rows.length > options.limit,
      };
    },

    /** Messages of the other side after a read marker (internal notes never count). */
    async unread(
      tx: Database,
      conversationId: string,
      forSide: 'player' | 'agent',
      after: number,
    ): Promise<number> {
      const authors = forSide === 'player' ? ['agent', 'system'] : ['player'];
      const [row] = await tx
        .select({ n: count() })
        .from(supportMessages)
        .where(
          and(
            eq(supportMessages.conversationId, conversationId),
            gt(supportMessages.id, after),
            eq(supportMessages.internal, false),
            inArray(supportMessages.author, authors as ('agent' | 'system' | 'player')[]),
          ),
        );
      return row?.n ?? 0;
    },

    /** Agent answers after `after`, for the email to an away player. */
    async agentRepliesAfter(tx: Database, conversationId: string, after: number) {
      return messagesWhere(
        tx,
        and(
          eq(supportMessages.conversationId, conversationId),
          gt(supportMessages.id, after),
          eq(supportMessages.author, 'agent'),
          eq(supportMessages.internal, false),
        )!,
        'asc',
        20,
      );
    },

    async insertAttachment(
      tx: Database,
      values: typeof supportAttachments.$inferInsert,
    ): Promise<AttachmentRow> {
      const [row] = await tx.insert(supportAttachments).values(values).returning();
      return row!;
    },

    /** An attachment whose message lost a race to an earlier one with its client id. */
    async deleteAttachment(tx: Database, id: string): Promise<void> {
      await tx.delete(supportAttachments).where(eq(supportAttachments.id, id));
    },

    async attachment(tx: Database, id: string): Promise<AttachmentRow | null> {
      const [row] = await tx.select().from(supportAttachments).where(eq(supportAttachments.id, id));
      return row ?? null;
    },

    // ----- agents -----

    async agent(tx: Database, staffId: string) {
      const [row] = await tx.select().from(supportAgents).where(eq(supportAgents.staffId, staffId));
      return row ?? null;
    },

    /**
     * The agent a conversation can be handed to: a support agent whose staff account is enabled
     * and whose role may use the console (a disabled or re-roled one would hold it unanswered).
     */
    async usableAgent(tx: Database, staffId: string): Promise<{ staffId: string } | null> {
      const [row] = await tx
        .select({ staffId: supportAgents.staffId, role: staff.role })
        .from(supportAgents)
        .innerJoin(staff, eq(staff.id, supportAgents.staffId))
        .where(and(eq(supportAgents.staffId, staffId), sql`${staff.disabledAt} is null`));
      return row && roleMay(row.role, 'support.chat') ? { staffId: row.staffId } : null;
    },

    async upsertAgent(
      tx: Database,
      values: { staffId: string; displayName: string; presence: SupportPresence; at: Date },
    ) {
      await tx
        .insert(supportAgents)
        .values({
          staffId: values.staffId,
          displayName: values.displayName,
          presence: values.presence,
          presenceAt: values.at,
        })
        .onConflictDoUpdate({
          target: supportAgents.staffId,
          set: {
            displayName: values.displayName,
            presence: values.presence,
            presenceAt: values.at,
          },
        });
    },

    async setLastAssigned(tx: Database, staffId: string, at: Date): Promise<void> {
      await tx
        .update(supportAgents)
        .set({ lastAssignedAt: at })
        .where(eq(supportAgents.staffId, staffId));
    },

    /** Every agent of an enabled staff account, with the open conversations assigned to each. */
    async agentLoads(tx: Database) {
      const open = tx
        .select({
          staffId: supportConversations.assignedStaffId,
          n: count().as('n'),
        })
        .from(supportConversations)
        .where(eq(supportConversations.status, 'assigned'))
        .groupBy(supportConversations.assignedStaffId)
        .as('open');
      const rows = await tx
        .select({
          staffId: supportAgents.staffId,
          displayName: supportAgents.displayName,
          presence: supportAgents.presence,
          lastAssignedAt: supportAgents.lastAssignedAt,
          openConversations: sql<number>`coalesce(${open.n}, 0)::int`,
        })
        .from(supportAgents)
        .innerJoin(staff, eq(staff.id, supportAgents.staffId))
        .leftJoin(open, eq(open.staffId, supportAgents.staffId))
        .where(sql`${staff.disabledAt} is null`)
        .orderBy(asc(supportAgents.displayName));
      return rows;
    },

    /**
     * Serialises the auto-assignments of every node: two first messages at once must not both
     * see the same agent as least busy. A transaction-scoped advisory lock, released at commit.
     */
    async lockAssignment(tx: Database): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('support.assignment'))`);
    },

    /**
     * The longest-waiting unassigned conversations, at most `limit`, locked for the caller;
     * rows another transaction holds (a take, a reply) are skipped, not waited for.
     */
    async waitingForAssignment(tx: Database, limit: number): Promise<string[]> {
      const rows = await tx
        .select({ id: supportConversations.id })
        .from(supportConversations)
        .where(eq(supportConversations.status, 'waiting'))
        .orderBy(
          sql`${supportConversations.waitingSince} asc nulls last`,
          asc(supportConversations.createdAt),
        )
        .limit(limit)
        .for('update', { skipLocked: true });
      return rows.map((r) => r.id);
    },

    /** Assigns a conversation only if it is still waiting; null when something else got it. */
    async assignIfWaiting(
      tx: Database,
      id: string,
      staffId: string,
    ): Promise<ConversationRow | null> {
      const [row] = await tx
        .update(supportConversations)
        .set({ status: 'assigned', assignedStaffId: staffId })
        .where(and(eq(supportConversations.id, id), eq(supportConversations.status, 'waiting')))
        .returning();
      return row ?? null;
    },

    // ----- queue -----

    async queue(
      tx: Database,
      filter: {
        status?: SupportConversationStatus;
        assignee?: string;
        page: number;
        perPage: number;
      },
    ) {
      const filters: SQL[] = [];
      if (filter.status) filters.push(eq(supportConversations.status, filter.status));
      else filters.push(ne(supportConversations.status, 'closed'));
      if (filter.assignee) filters.push(eq(supportConversations.assignedStaffId, filter.assignee));
      const where = and(...filters);
      const rows = await tx
        .select({
          conversation: supportConversations,
          assigneeName: supportAgents.displayName,
          lastText: sql<string | null>`(select m.text from ${supportMessages} m
            where m.conversation_id = ${supportConversations.id} and not m.internal
            order by m.id desc limit 1)`,
          lastHasAttachment: sql<boolean>`coalesce((select m.attachment_id is not null from ${supportMessages} m
            where m.conversation_id = ${supportConversations.id} and not m.internal
            order by m.id desc limit 1), false)`,
          unreadForAgent: sql<number>`(select count(*)::int from ${supportMessages} m
            where m.conversation_id = ${supportConversations.id} and m.author = 'player'
              and m.id > ${supportConversations.agentReadUpTo})`,
        })
        .from(supportConversations)
        .leftJoin(supportAgents, eq(supportAgents.staffId, supportConversations.assignedStaffId))
        .where(where)
        // Longest waiting first, then the most recent activity.
        .orderBy(
          sql`${supportConversations.waitingSince} asc nulls last`,
          desc(supportConversations.lastMessageAt),
        )
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage);
      const [total] = await tx.select({ n: count() }).from(supportConversations).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    // ----- canned replies -----

    async cannedList(tx: Database, locale?: string) {
      return tx
        .select()
        .from(supportCannedReplies)
        .where(locale ? eq(supportCannedReplies.locale, locale) : undefined)
        .orderBy(asc(supportCannedReplies.locale), asc(supportCannedReplies.title));
    },

    async cannedInsert(
      tx: Database,
      values: { locale: string; title: string; text: string; createdBy: string },
    ) {
      const [row] = await tx.insert(supportCannedReplies).values(values).returning();
      return row!;
    },

    async cannedDelete(tx: Database, id: string) {
      const [row] = await tx
        .delete(supportCannedReplies)
        .where(eq(supportCannedReplies.id, id))
        .returning();
      return row ?? null;
    },
  };
}
export type SupportRepo = ReturnType<typeof createSupportRepo>;
