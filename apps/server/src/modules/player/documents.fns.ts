import {
  DOCUMENT_MIME_TYPES,
  DocumentStatus,
  type DocumentMimeType,
  type PlayerDocument,
  type VerificationState,
} from '@coinfall/shared';

/**
 * Spec §4: no documents → none; all rejected → rejected; any document still waiting → pending.
 * Otherwise some were approved by staff (the back office's KYC review, decision 037) → approved.
 */
export function verificationState(statuses: readonly number[]): VerificationState {
  if (statuses.length === 0) return 'none';
  if (statuses.every((s) => s === DocumentStatus.Rejected)) return 'rejected';
  if (statuses.some((s) => s === DocumentStatus.Pending || s === DocumentStatus.Uploaded)) {
    return 'pending';
  }
  return 'approved';
}

/** Spec §4: uploading is disabled while any document is not rejected. */
export function canUpload(statuses: readonly number[]): boolean {
  return statuses.every((s) => s === DocumentStatus.Rejected);
}

/** A player may withdraw a document only while it is pending or rejected. */
/** The statuses in which the owner may withdraw a document. */
export const DELETABLE_STATUSES: readonly number[] = [
  DocumentStatus.Pending,
  DocumentStatus.Rejected,
];

export function canDelete(status: number): boolean {
  return DELETABLE_STATUSES.includes(status);
}

/** The accepted type for a detected MIME type; null for anything else. */
export function acceptedMime(detected: string | undefined): DocumentMimeType | null {
  return (DOCUMENT_MIME_TYPES as readonly string[]).includes(detected ?? '')
    ? (detected as DocumentMimeType)
    : null;
}

const EXTENSIONS: Record<DocumentMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** The name a download is offered under: ours, never the uploader's. */
export function downloadName(id: string, mime: DocumentMimeType): string {
  return `document-${id}.${EXTENSIONS[mime]}`;
}

export function toPlayerDocument(row: {
  id: string;
  type: PlayerDocument['type'];
  status: number;
  mime: DocumentMimeType;
  size: number;
  sha256: string;
  createdAt: Date;
}): PlayerDocument {
  return {
    id: row.id,
    type: row.type,
    status: row.status as PlayerDocument['status'],
    mime: row.mime,
    size: row.size,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
  };
}
