import { and, desc, eq, inArray } from 'drizzle-orm';
import { DocumentStatus } from '@coinfall/shared';
import type { DocumentMimeType, DocumentType } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { DELETABLE_STATUSES } from './documents.fns.ts';
import { lockPlayerRow } from './player.repo.ts';
import { playerDocuments } from '../../db/schema/index.ts';

export type PlayerDocumentRow = typeof playerDocuments.$inferSelect;

/** The only place that touches the player_documents table. */
export function createDocumentsRepo(db: Database) {
  return {
    db,

    lockPlayer: lockPlayerRow,

    /** The player's documents, newest first. */
    listByPlayer(playerId: string, tx: Database = db): Promise<PlayerDocumentRow[]> {
      return tx
        .select()
        .from(playerDocuments)
        .where(eq(playerDocuments.playerId, playerId))
        .orderBy(desc(playerDocuments.createdAt), desc(playerDocuments.id));
    },

    async findOwn(
      playerId: string,
      id: string,
      tx: Database = db,
    ): Promise<PlayerDocumentRow | undefined> {
      const [row] = await tx
        .select()
        .from(playerDocuments)
        .where(and(eq(playerDocuments.id, id), eq(playerDocuments.playerId, playerId)))
        .limit(1);
      return row;
    },

    async insert(
      tx: Database,
      values: {
        playerId: string;
        type: DocumentType;
        status: number;
        mime: DocumentMimeType;
        size: number;
        sha256: string;
        storageKey: string;
      },
    ): Promise<PlayerDocumentRow> {
      const [row] = await tx.insert(playerDocuments).values(values).returning();
      if (!row) throw new Error('insert into player_documents returned no row');
      return row;
    },

    /**
     * A staff decision on a pending document (back office KYC review), compare-and-set from
     * pending: undefined when the document is gone or was decided meanwhile.
     */
    async decide(
      tx: Database,
      id: string,
      decision: { status: 3 | 4; by: string; reason: string; at: Date },
    ): Promise<PlayerDocumentRow | undefined> {
      const [row] = await tx
        .update(playerDocuments)
        .set({
          status: decision.status,
          reviewedBy: decision.by,
          reviewedAt: decision.at,
          reviewReason: decision.reason,
        })
        .where(and(eq(playerDocuments.id, id), eq(playerDocuments.status, DocumentStatus.Pending)))
        .returning();
      return row;
    },

    /**
     * Compare-and-delete: only while its status is still one the owner may withdraw. A staff
     * decision committing first (its row lock is waited for) leaves it in place: false.
     */
    async deleteOwn(tx: Database, playerId: string, id: string): Promise<boolean> {
      const gone = await tx
        .delete(playerDocuments)
        .where(
          and(
            eq(playerDocuments.id, id),
            eq(playerDocuments.playerId, playerId),
            inArray(playerDocuments.status, [...DELETABLE_STATUSES]),
          ),
        )
        .returning({ id: playerDocuments.id });
      return gone.length > 0;
    },
  };
}
export type DocumentsRepo = ReturnType<typeof createDocumentsRepo>;
