import type { Readable } from 'node:stream';
import {
  DocumentStatus,
  type AdminDocumentLink,
  type AdminKycDecision,
  type AdminKycDocument,
  type AdminKycDocumentList,
  type AdminKycSort,
  type KycState,
  type KycStatus,
} from '@coinfall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlayerDocumentRow } from '../player/documents.repo.ts';
import { downloadName, toPlayerDocument } from '../player/documents.fns.ts';
import { pageMeta } from '../player/player.fns.ts';
import type { AuditRepo } from './audit.repo.ts';
import type { DocumentLinks } from './document-links.fns.ts';
import type { KycReviewRepo, KycReviewRow } from './kyc-review.repo.ts';
import type { StaffActor } from './staff-auth.service.ts';

/** What the back office may do to the player module's documents and the kyc service. */
export interface KycReviewCapabilities {
  /** Compare-and-set from pending (the player module's documents repo). */
  decide(
    tx: Database,
    id: string,
    decision: { status: 3 | 4; by: string; reason: string; at: Date },
  ): Promise<PlayerDocumentRow | undefined>;
  /** The stored bytes; null when the object is missing. */
  open(storageKey: string): Promise<Readable | null>;
  lockPlayer(tx: Database, playerId: string): Promise<boolean>;
  /** The kyc service's staff decision: the same state change and event as a provider answer. */
  recordStaffReview(
    tx: Database,
    review: { playerId: string; documentId: string; status: 'verified' | 'rejected'; at: Date },
  ): Promise<KycState>;
}

const toAdminDocument = ({ document, player, checkStatus }: KycReviewRow): AdminKycDocument => ({
  ...toPlayerDocument(document),
  playerId: document.playerId,
  player: {
    ...player,
    kycStatus: (checkStatus ?? (player.kycVerified ? 'verified' : 'none')) as KycStatus,
  },
});

/**
 * KYC review (issue 17, decision 037): the pending documents queue, a 5-minute link bound to the
 * document and the staff member to view one, and approve / reject, each in one transaction with
 * its audit row. The player's identity state changes through the kyc service (recordStaffReview).
 */
export function createKycReviewService(deps: {
  db: Database;
  repo: KycReviewRepo;
  audit: Pick<AuditRepo, 'insert'>;
  links: DocumentLinks;
  documents: KycReviewCapabilities;
  now?: () => Date;
}) {
  const { db, repo, links, documents } = deps;
  const now = deps.now ?? (() => new Date());

  async function found(documentId: string): Promise<KycReviewRow> {
    const row = await repo.find(db, documentId);
    if (!row) throw AppError.notFound('Document');
    return row;
  }

  async function decide(
    actor: StaffActor,
    documentId: string,
    verdict: 'verified' | 'rejected',
    reason: string,
  ): Promise<AdminKycDecision> {
    const at = now();
    const { document } = await found(documentId);
    return db.transaction(async (tx) => {
      // The player's row first, as the kyc service and every money step take it.
      if (!(await documents.lockPlayer(tx, document.playerId))) throw AppError.notFound('Document');
      const status = verdict === 'verified' ? DocumentStatus.Approved : DocumentStatus.Rejected;
      const decided = await documents.decide(tx, documentId, {
        status,
        by: actor.staffId,
        reason,
        at,
      });
      if (!decided) throw new AppError('CONFLICT', 'The document is not waiting for a decision');
      const kyc = await documents.recordStaffReview(tx, {
        playerId: document.playerId,
        documentId,
        status: verdict,
        at,
      });
      await deps.audit.insert(tx, {
        staffId: actor.staffId,
        action: verdict === 'verified' ? 'kyc.document-approved' : 'kyc.document-rejected',
        targetType: 'document',
        targetId: documentId,
        before: { status: document.status },
        after: { status, playerId: document.playerId, kycStatus: kyc.status },
        reason,
        requestId: actor.requestId,
        at,
      });
      return {
        document: { ...toPlayerDocument(decided), playerId: decided.playerId },
        kycVerified: kyc.kycVerified,
        kycStatus: kyc.status,
      };
    });
  }

  return {
    async queue(query: {
      sort: AdminKycSort;
      order: 'asc' | 'desc';
      page: number;
      perPage: number;
    }): Promise<AdminKycDocumentList> {
      const { rows, total } = await repo.queue(db, {
        sort: query.sort,
        order: query.order,
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return { data: rows.map(toAdminDocument), meta: pageMeta(query.page, query.perPage, total) };
    },

    get: async (documentId: string): Promise<AdminKycDocument> =>
      toAdminDocument(await found(documentId)),

    /** Issues the caller's link; each issue is audited (who looked at whose identity). */
    async link(actor: StaffActor, documentId: string): Promise<AdminDocumentLink> {
      const { document } = await found(documentId);
      const { sig, expiresAt } = links.sign(
        { documentId, staffId: actor.staffId },
        now().getTime(),
      );
      await deps.audit.insert(db, {
        staffId: actor.staffId,
        action: 'kyc.document-link-issued',
        targetType: 'document',
        targetId: documentId,
        after: { playerId: document.playerId, expiresAt: expiresAt.toISOString() },
        requestId: actor.requestId,
      });
      return {
        url: `/api/admin/kyc/documents/${documentId}/file?sig=${encodeURIComponent(sig)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** The file behind a link: refused when expired, tampered with, or issued to someone else. */
    async file(actor: StaffActor, documentId: string, sig: string) {
      const verdict = links.verify(sig, { documentId, staffId: actor.staffId }, now().getTime());
      if (verdict === 'expired') throw new AppError('FORBIDDEN', 'The link has expired');
      if (verdict === 'invalid') throw new AppError('FORBIDDEN', 'The link is not valid');
      const { document } = await found(documentId);
      const stream = await documents.open(document.storageKey);
      if (!stream) throw AppError.notFound('Document');
      return {
        stream,
        mime: document.mime,
        size: document.size,
        name: downloadName(document.id, document.mime),
      };
    },

    approve: (actor: StaffActor, documentId: string, reason: string) =>
      decide(actor, documentId, 'verified', reason),
    reject: (actor: StaffActor, documentId: string, reason: string) =>
      decide(actor, documentId, 'rejected', reason),
  };
}
export type KycReviewService = ReturnType<typeof createKycReviewService>;
