import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { DocumentStatus, type AdminKycSort } from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { kycChecks, playerDocuments, players } from '../../db/schema/index.ts';

/** The player's latest identity check status (none before any), as one scalar subquery. */
const latestCheckStatus = sql<string | null>`(select ${kycChecks.status} from ${kycChecks}
  where ${kycChecks.playerId} = ${players.id}
  order by ${kycChecks.createdAt} desc, ${kycChecks.id} desc limit 1)`;

const documentWithPlayer = {
  document: playerDocuments,
  player: {
    email: players.email,
    firstName: players.firstName,
    lastName: players.lastName,
    birthdate: players.birthdate,
    country: players.country,
    kycVerified: players.kycVerified,
  },
  checkStatus: latestCheckStatus,
};

/**
 * The back office's read model of identity documents (read only: a decision goes through the
 * player module's documents repo and the kyc service).
 */
export function createKycReviewRepo() {
  const pending = eq(playerDocuments.status, DocumentStatus.Pending);
  return {
    /**
     * Pending documents, oldest first by default (the partial index player_documents_pending_idx)
     * or by type or the player's country; the id breaks ties, so pages never overlap.
     */
    async queue(
      tx: Database,
      page: { sort: AdminKycSort; order: 'asc' | 'desc'; limit: number; offset: number },
    ) {
      const direction = page.order === 'asc' ? asc : desc;
      const column = {
        createdAt: playerDocuments.createdAt,
        type: playerDocuments.type,
        country: players.country,
      }[page.sort];
      const rows = await tx
        .select(documentWithPlayer)
        .from(playerDocuments)
        .innerJoin(players, eq(players.id, playerDocuments.playerId))
        .where(pending)
        .orderBy(direction(column), direction(playerDocuments.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await tx.select({ total: count() }).from(playerDocuments).where(pending);
      return { rows, total: total?.total ?? 0 };
    },

    async find(tx: Database, documentId: string) {
      const [row] = await tx
        .select(documentWithPlayer)
        .from(playerDocuments)
        .innerJoin(players, eq(players.id, playerDocuments.playerId))
        .where(eq(playerDocuments.id, documentId));
      return row;
    },
  };
}
export type KycReviewRepo = ReturnType<typeof createKycReviewRepo>;
export type KycReviewRow = NonNullable<Awaited<ReturnType<KycReviewRepo['find']>>>;
