import { useId, useRef, useState, type FormEvent } from 'react';
import {
  DOCUMENT_TYPES,
  type DocumentType,
  type PlayerDocument,
  type PlayerDocumentList,
} from '@coinfall/shared/contracts/documents';
import { DocumentStatus } from '@coinfall/shared/constants';
import { formatMessage, useLocale, useMessages } from '../../../i18n/i18n.tsx';
import { profileMessages } from '../../../i18n/messages/profile.ts';
import { buttonClass } from '../../../ui/button.ts';
import { useDeleteDocument, useDocuments, useUploadDocument } from '../api/documents.ts';
import {
  canDeleteDocument,
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_MB,
  uploadProblem,
  type UploadProblem,
} from '../documents.fns.ts';
import { formatDateTime } from '../sessions.fns.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { LoadState } from '../../../ui/load-state.tsx';
import { PageSection } from '../../../ui/page-section.tsx';

type Messages = Record<keyof (typeof profileMessages)['en'], string>;

const TYPE_TEXT = {
  id: 'documentTypeId',
  address: 'documentTypeAddress',
  selfie: 'documentTypeSelfie',
} as const satisfies Record<DocumentType, keyof Messages>;

const STATUS_TEXT: Record<PlayerDocument['status'], keyof Messages> = {
  [DocumentStatus.Uploaded]: 'documentStatusUploaded',
  [DocumentStatus.Pending]: 'documentStatusPending',
  [DocumentStatus.Rejected]: 'documentStatusRejected',
  [DocumentStatus.Approved]: 'documentStatusApproved',
};

const STATE_TEXT = {
  none: 'documentsStateNone',
  pending: 'documentsStatePending',
  rejected: 'documentsStateRejected',
  approved: 'documentsStateApproved',
} as const satisfies Record<PlayerDocumentList['meta']['verification'], keyof Messages>;

/** Verification documents (spec §3, §4): the list, its state, upload and delete. */
export function DocumentsSection() {
  const t = useMessages(profileMessages);
  const documents = useDocuments();
  return (
    <PageSection id="documents" title={t.documentsTitle} description={t.documentsIntro}>
      <LoadState texts={t} query={documents} rows={2}>
        {(list) => <DocumentsContent list={list} t={t} />}
      </LoadState>
    </PageSection>
  );
}

function DocumentsContent({ list, t }: { list: PlayerDocumentList; t: Messages }) {
  const [notice, setNotice] = useState('');
  return (
    <div className="flex flex-col gap-5">
      <p
        data-testid="documents-state"
        data-state={list.meta.verification}
        className={`rounded-lg px-3 py-2 text-sm ${list.meta.verification === 'rejected' ? 'bg-danger/10 text-danger' : 'bg-surface-2 text-text'}`}
      >
        {t[STATE_TEXT[list.meta.verification]]}
      </p>
      {list.data.length === 0 ? (
        <p className="text-sm text-text-muted">{t.documentsEmpty}</p>
      ) : (
        <DocumentList documents={list.data} t={t} onDeleted={() => setNotice(t.documentDeleted)} />
      )}
      <LiveMessage text={notice} />
      <UploadForm canUpload={list.meta.canUpload} t={t} />
    </div>
  );
}

function DocumentList({
  documents,
  t,
  onDeleted,
}: {
  documents: readonly PlayerDocument[];
  t: Messages;
  onDeleted: () => void;
}) {
  const locale = useLocale();
  const remove = useDeleteDocument();
  return (
    <ul aria-label={t.documentsListLabel} className="flex flex-col divide-y divide-border">
      {documents.map((document) => {
        const type = t[TYPE_TEXT[document.type]];
        const date = formatDateTime(document.createdAt, locale);
        const deleting = remove.isPending && remove.variables === document.id;
        return (
          <li key={document.id} className="flex flex-wrap items-center gap-3 py-3 text-sm">
            <span className="font-semibold text-text">{type}</span>
            <span className="text-text-muted">{date}</span>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${document.status === DocumentStatus.Rejected ? 'bg-danger/15 text-danger' : 'bg-surface-2 text-text'}`}
            >
              {t[STATUS_TEXT[document.status]]}
            </span>
            {canDeleteDocument(document) && (
              <button
                type="button"
                className={`${buttonClass('ghost', 'sm')} ml-auto`}
                aria-label={formatMessage(t.documentDeleteLabel, { type, date })}
                disabled={deleting}
                aria-busy={deleting || undefined}
                onClick={() => remove.mutate(document.id, { onSuccess: onDeleted })}
              >
                {t.documentDelete}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

const PROBLEM_TEXT = {
  missing: 'documentChooseFile',
  empty: 'documentEmptyFile',
  tooLarge: 'documentTooLarge',
  wrongType: 'documentWrongType',
} as const satisfies Record<UploadProblem, keyof Messages>;

function UploadForm({ canUpload, t }: { canUpload: boolean; t: Messages }) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadDocument();
  const [type, setType] = useState<DocumentType>('id');
  const [problem, setProblem] = useState<string>();
  const [percent, setPercent] = useState<number>();
  const [done, setDone] = useState('');
  const disabled = !canUpload || upload.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    const file = fileRef.current?.files?.[0];
    const found = uploadProblem(file);
    setDone('');
    if (found || !file) {
      setProblem(formatMessage(t[PROBLEM_TEXT[found ?? 'missing']], { max: DOCUMENT_MAX_MB }));
      fileRef.current?.focus();
      return;
    }
    setProblem(undefined);
    setPercent(0);
    upload.mutate(
      { type, file, onProgress: setPercent },
      {
        onSuccess: () => {
          setDone(t.documentUploaded);
          if (fileRef.current) fileRef.current.value = '';
        },
        onError: () => setProblem(t.somethingWrong),
        onSettled: () => setPercent(undefined),
      },
    );
  };

  const fileHintId = `${id}-file-hint`;
  const fileErrorId = `${id}-file-error`;
  const lockedId = `${id}-locked`;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 border-t border-border pt-4">
      {!canUpload && (
        <p id={lockedId} className="text-sm text-text-muted">
          {t.documentsLocked}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-type`} className="text-sm font-medium text-text">
            {t.documentType}
          </label>
          <select
            id={`${id}-type`}
            value={type}
            disabled={disabled}
            onChange={(e) => setType(e.target.value as DocumentType)}
            className="mt-1 block w-full rounded-lg border border-border-strong bg-bg px-3 py-2 text-text"
          >
            {DOCUMENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {t[TYPE_TEXT[value]]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-file`} className="text-sm font-medium text-text">
            {t.documentFile}
          </label>
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            accept={DOCUMENT_ACCEPT}
            disabled={disabled}
            aria-invalid={problem ? true : undefined}
            aria-describedby={[fileHintId, problem ? fileErrorId : ''].filter(Boolean).join(' ')}
            onChange={() => {
              setProblem(undefined);
              setDone('');
            }}
            className="mt-1 block w-full text-sm text-text file:mr-3 file:rounded-lg file:border-0 file:bg-surface-2 file:px-3 file:py-2 file:text-text"
          />
          <p id={fileHintId} className="mt-1 text-xs text-text-muted">
            {formatMessage(t.documentFileHint, { max: DOCUMENT_MAX_MB })}
          </p>
          {problem && (
            <p id={fileErrorId} role="alert" className="mt-1 text-sm text-danger">
              {problem}
            </p>
          )}
        </div>
      </div>
      {percent !== undefined && (
        <div className="flex items-center gap-3">
          <progress
            max={100}
            value={percent}
            aria-label={t.documentUploadProgress}
            className="h-2 w-full overflow-hidden rounded-full accent-primary"
          />
          <span aria-hidden className="w-12 text-right text-sm text-text-muted">
            {percent}%
          </span>
        </div>
      )}
      <LiveMessage text={done} />
      <button
        type="submit"
        disabled={disabled}
        aria-describedby={!canUpload ? lockedId : undefined}
        aria-busy={upload.isPending || undefined}
        className={`${buttonClass('primary', 'md')} self-start`}
      >
        {upload.isPending
          ? formatMessage(t.documentUploading, { percent: percent ?? 0 })
          : t.documentUpload}
      </button>
    </form>
  );
}
