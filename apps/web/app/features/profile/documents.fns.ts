import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MIME_TYPES,
  type PlayerDocument,
} from '@coinfall/shared/contracts/documents';
import { DocumentStatus } from '@coinfall/shared/constants';

export type UploadProblem = 'missing' | 'empty' | 'tooLarge' | 'wrongType';

/** What the file input accepts (the server checks the bytes again). */
export const DOCUMENT_ACCEPT = [
  ...DOCUMENT_MIME_TYPES,
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.pdf',
].join(',');

const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** The browser's type, or one from the extension when it gives none. */
function mimeOf(file: Pick<File, 'name' | 'type'>): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? '';
}

/**
 * Why a file cannot be sent, checked before the upload starts so a 10 MB video is not sent
 * only to be refused: none chosen, empty, over DOCUMENT_MAX_BYTES, or not JPEG/PNG/WebP/PDF.
 */
export function uploadProblem(
  file: Pick<File, 'name' | 'type' | 'size'> | null | undefined,
): UploadProblem | undefined {
  if (!file) return 'missing';
  if (file.size === 0) return 'empty';
  if (file.size > DOCUMENT_MAX_BYTES) return 'tooLarge';
  if (!(DOCUMENT_MIME_TYPES as readonly string[]).includes(mimeOf(file))) return 'wrongType';
  return undefined;
}

/** Whole percent of an upload, 0 to 100 (unknown totals show 0 until done). */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

/** Only a pending or rejected document may be deleted (the server refuses others). */
export function canDeleteDocument(document: Pick<PlayerDocument, 'status'>): boolean {
  return document.status === DocumentStatus.Pending || document.status === DocumentStatus.Rejected;
}

/** The size limit in MB, for texts. */
export const DOCUMENT_MAX_MB = Math.round(DOCUMENT_MAX_BYTES / 1024 / 1024);
