import { z } from 'zod';
import { KYC_STATUSES } from './verification.ts';
import { DOCUMENT_MIME_TYPES, DOCUMENT_TYPES } from './documents.ts';
import { staffReasonSchema } from './admin.ts';
import { pagedListSchema, pageQuerySchema, ascendingSortOrderSchema } from './player.ts';

/**
 * The back office's KYC review (issue 17, decision 037): the queue of identity documents waiting
 * for a decision, a short-lived signed link to view one, approve or reject with a reason.
 */

/** The queue's sortable columns (`country`: the player's); the id breaks ties. */
export const ADMIN_KYC_SORTS = ['createdAt', 'type', 'country'] as const;
export type AdminKycSort = (typeof ADMIN_KYC_SORTS)[number];
export const adminKycQueueQuerySchema = pageQuerySchema.extend({
  sort: z.enum(ADMIN_KYC_SORTS).default('createdAt'),
  order: ascendingSortOrderSchema,
});

export const adminKycDocumentSchema = z.object({
  id: z.uuid(),
  playerId: z.uuid(),
  type: z.enum(DOCUMENT_TYPES),
  status: z.number().int().describe('DocumentStatus: 2 pending, 3 rejected, 4 approved'),
  mime: z.enum(DOCUMENT_MIME_TYPES),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.iso.datetime(),
  player: z.object({
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    birthdate: z.string().nullable(),
    country: z.string().nullable(),
    kycVerified: z.boolean(),
    kycStatus: z.enum(KYC_STATUSES).describe('The latest identity check, none before any'),
  }),
});
export type AdminKycDocument = z.infer<typeof adminKycDocumentSchema>;
export const adminKycDocumentListSchema = pagedListSchema(adminKycDocumentSchema);
export type AdminKycDocumentList = z.infer<typeof adminKycDocumentListSchema>;

/** A link to the document's file: good for its caller only, for `expiresAt` (5 minutes). */
export const adminDocumentLinkSchema = z.object({
  url: z.string().describe('Path under /api/admin, with the signature in `sig`'),
  expiresAt: z.iso.datetime(),
});
export type AdminDocumentLink = z.infer<typeof adminDocumentLinkSchema>;

export const adminDocumentFileQuerySchema = z.object({
  sig: z
    .string()
    .regex(/^\d{1,12}\.[A-Za-z0-9_-]{43}$/, 'A signature as issued: <expiry>.<mac>')
    .describe('The signature of the issued link'),
});

/** Approve or reject: either changes the player's identity state, so either says why. */
export const adminKycDecisionBodySchema = z.object({ reason: staffReasonSchema });

export const adminKycDecisionSchema = z.object({
  document: adminKycDocumentSchema.omit({ player: true }),
  kycVerified: z.boolean(),
  kycStatus: z.enum(KYC_STATUSES),
});
export type AdminKycDecision = z.infer<typeof adminKycDecisionSchema>;
