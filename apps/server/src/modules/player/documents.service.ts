import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import {
  DOCUMENT_MIME_TYPES,
  DocumentStatus,
  uploadDocumentFieldsSchema,
  type DocumentMimeType,
  type PlayerDocument,
  type PlayerDocumentList,
} from '@coinfall/shared';
import type { Actor } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import {
  acceptedMime,
  canDelete,
  canUpload,
  downloadName,
  toPlayerDocument,
  verificationState,
} from './documents.fns.ts';
import type { DocumentsRepo } from './documents.repo.ts';

/** What the route read from the multipart body: its text fields and the one file, if any. */
export interface DocumentUpload {
  fields: Record<string, string>;
  file: Buffer | null;
}

const uploadLocked = () =>
  new AppError('CONFLICT', 'A document is still under review; wait for its decision', {
    fields: [{ field: 'body.file', message: 'Uploading is disabled while a document is pending' }],
  });

export function createDocumentsService(deps: {
  repo: DocumentsRepo;
  storage: ObjectStorage;
  /** Called when a stored object could not be removed (the row is gone already). */
  onOrphan?: (key: string, error: unknown) => void;
}) {
  const { repo, storage } = deps;

  async function detectMime(file: Buffer): Promise<DocumentMimeType> {
    const mime = acceptedMime((await fileTypeFromBuffer(file))?.mime);
    if (!mime) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `The file must be one of ${DOCUMENT_MIME_TYPES.join(', ')}`,
        { fields: [{ field: 'body.file', message: 'Only JPEG, PNG, WebP or PDF files' }] },
      );
    }
    return mime;
  }

  async function removeObject(key: string): Promise<void> {
    try {
      await storage.delete(key);
    } catch (error) {
      deps.onOrphan?.(key, error);
    }
  }

  return {
    async list(actor: Actor): Promise<PlayerDocumentList> {
      const rows = await repo.listByPlayer(actor.playerId);
      const statuses = rows.map((r) => r.status);
      return {
        data: rows.map(toPlayerDocument),
        meta: { verification: verificationState(statuses), canUpload: canUpload(statuses) },
      };
    },

    async upload(actor: Actor, upload: DocumentUpload): Promise<PlayerDocument> {
      const fields = uploadDocumentFieldsSchema.safeParse(upload.fields);
      if (!fields.success) {
        const issues = fields.error.issues.map((i) => ({
          field: `body.${i.path.join('.')}`,
          message: i.message,
        }));
        throw new AppError(
          'VALIDATION_FAILED',
          `Invalid ${issues.map((i) => i.field).join(', ')}`,
          {
            fields: issues,
          },
        );
      }
      if (!upload.file || upload.file.length === 0) {
        throw AppError.invalid('body.file', 'Attach the document as the file part named "file"');
      }
      const file = upload.file;
      const mime = await detectMime(file);
      // Cheap early refusal; checked again under the lock below.
      if (!canUpload((await repo.listByPlayer(actor.playerId)).map((r) => r.status))) {
        throw uploadLocked();
      }

      const storageKey = `documents/${randomUUID()}`;
      await storage.put(storageKey, file);
      try {
        const row = await repo.db.transaction(async (tx) => {
          if (!(await repo.lockPlayer(tx, actor.playerId))) {
            throw new AppError('UNAUTHENTICATED', 'The session token is not valid');
          }
          const statuses = (await repo.listByPlayer(actor.playerId, tx)).map((r) => r.status);
          if (!canUpload(statuses)) throw uploadLocked();
          return repo.insert(tx, {
            playerId: actor.playerId,
            type: fields.data.type,
            status: DocumentStatus.Pending,
            mime,
            size: file.length,
            sha256: createHash('sha256').update(file).digest('hex'),
            storageKey,
          });
        });
        return toPlayerDocument(row);
      } catch (error) {
        await removeObject(storageKey);
        throw error;
      }
    },

    /** The owner's file; another player's id answers exactly as an unknown one. */
    async file(
      actor: Actor,
      id: string,
    ): Promise<{ stream: Readable; mime: DocumentMimeType; size: number; name: string }> {
      const row = await repo.findOwn(actor.playerId, id);
      const stream = row ? await storage.get(row.storageKey) : null;
      if (!row || !stream) throw AppError.notFound('Document');
      return { stream, mime: row.mime, size: row.size, name: downloadName(row.id, row.mime) };
    },

    /** Withdraws the owner's document while it is pending or rejected. */
    async remove(actor: Actor, id: string): Promise<void> {
      const key = await repo.db.transaction(async (tx) => {
        const row = await repo.findOwn(actor.playerId, id, tx);
        if (!row) throw AppError.notFound('Document');
        if (!canDelete(row.status)) {
          throw new AppError('CONFLICT', 'Only a pending or rejected document can be deleted');
        }
        if (!(await repo.deleteOwn(tx, actor.playerId, id))) {
          throw new AppError('CONFLICT', 'The document was reviewed meanwhile: it stays on file');
        }
        return row.storageKey;
      });
      await removeObject(key);
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
