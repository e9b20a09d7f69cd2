import { z } from 'zod';
import { DocumentStatus } from '../constants.ts';

/** Verification documents of spec §3 "Document" and §4 "Document status". */
export const DOCUMENT_TYPES = ['id', 'address', 'selfie'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Content types accepted, as detected from the file's bytes (never the client's claim). */
export const DOCUMENT_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
] as const;
export type DocumentMimeType = (typeof DOCUMENT_MIME_TYPES)[number];

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Spec §4: no documents, any pending, or all rejected. */
export const VERIFICATION_STATES = ['none', 'pending', 'rejected', 'approved'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export const documentStatusSchema = z.union([
  z.literal(DocumentStatus.Uploaded),
  z.literal(DocumentStatus.Pending),
  z.literal(DocumentStatus.Rejected),
  z.literal(DocumentStatus.Approved),
]);

/** The text fields of the multipart upload; the file itself is the part named `file`. */
export const uploadDocumentFieldsSchema = z.object({ type: z.enum(DOCUMENT_TYPES) });

export const playerDocumentSchema = z.object({
  id: z.uuid(),
  type: z.enum(DOCUMENT_TYPES),
  status: documentStatusSchema,
  mime: z.enum(DOCUMENT_MIME_TYPES),
  size: z.number().int().describe('Bytes'),
  sha256: z.string().describe('Hex digest of the stored bytes'),
  createdAt: z.iso.datetime(),
});
export type PlayerDocument = z.infer<typeof playerDocumentSchema>;

export const playerDocumentListSchema = z.object({
  data: z.array(playerDocumentSchema),
  meta: z.object({
    verification: z.enum(VERIFICATION_STATES),
    canUpload: z.boolean().describe('False while any document is not rejected'),
  }),
});
export type PlayerDocumentList = z.infer<typeof playerDocumentListSchema>;

export const documentIdParamsSchema = z.object({ id: z.uuid() });
