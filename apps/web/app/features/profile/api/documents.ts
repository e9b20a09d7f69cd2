import { queryOptions, useMutation } from '@tanstack/react-query';
import type {
  DocumentType,
  PlayerDocument,
  PlayerDocumentList,
} from '@coinfall/shared/contracts/documents';
import { playerQueryClient, usePlayerQuery } from '../../../lib/query/player-queries';
import { ApiError } from '../../../lib/api/api-error.ts';
import { apiClient, readToken, refreshToken } from '../../../lib/session/session';
import { isTokenFresh } from '../../../lib/session/session.fns';
import { uploadPercent } from '../documents.fns';

const DOCUMENTS_PATH = '/api/player/documents';

/** GET /api/player/documents: the list and the verification state it adds up to (spec §4). */
export const documentsQuery = queryOptions({
  queryKey: ['player', 'documents'] as const,
  queryFn: () => apiClient().get<PlayerDocumentList>(DOCUMENTS_PATH),
});

export function useDocuments() {
  return usePlayerQuery(documentsQuery);
}

/** The token apiClient() would send: the cookie's, refreshed first when inside its margin. */
async function bearerToken(): Promise<string | undefined> {
  const token = readToken();
  if (!token || isTokenFresh(token, Date.now())) return token;
  return refreshToken(token);
}

export interface UploadInput {
  type: DocumentType;
  file: File;
  /** Whole percent of the bytes sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/player/documents as multipart (`type`, `file`). XMLHttpRequest rather than fetch:
 * fetch reports no upload progress. Failures reject with the same ApiError as apiClient().
 */
export async function uploadDocument({
  type,
  file,
  onProgress,
  signal,
}: UploadInput): Promise<PlayerDocument> {
  const token = await bearerToken();
  const form = new FormData();
  form.append('type', type);
  form.append('file', file, file.name);
  return new Promise<PlayerDocument>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', DOCUMENTS_PATH);
    xhr.withCredentials = false;
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(uploadPercent(event.loaded, event.total));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // Not JSON (a proxy's page): the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(body as PlayerDocument);
      } else reject(new ApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export function useUploadDocument() {
  return useMutation(
    {
      mutationFn: uploadDocument,
      onSettled: () => playerQueryClient.invalidateQueries({ queryKey: documentsQuery.queryKey }),
    },
    playerQueryClient,
  );
}

/** DELETE /api/player/documents/{id} (204); only pending or rejected documents. */
export function useDeleteDocument() {
  return useMutation(
    {
      mutationFn: (id: string) =>
        apiClient().delete<void>(`${DOCUMENTS_PATH}/${encodeURIComponent(id)}`, {
          skipGlobalHandler: true,
        }),
      onSettled: () => playerQueryClient.invalidateQueries({ queryKey: documentsQuery.queryKey }),
    },
    playerQueryClient,
  );
}
