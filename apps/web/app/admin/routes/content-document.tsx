import { useState } from 'react';
import { Link } from 'react-router';
import type {
  AdminContentDocument,
  AdminContentParams,
} from '@coinfall/shared/contracts/admin-content';
import { CONTENT_QUERIES } from '@coinfall/shared/contracts/content';
import { LOCALES } from '@coinfall/shared/locales';
import { buttonClass } from '../../ui/button';
import { LoadState } from '../../ui/load-state';
import { adminMeta } from '../admin-meta';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import {
  discardContentDraft,
  publishContent,
  saveContentDraft,
  useContentDocument,
} from '../api/admin-content';
import { ConfirmDialog, REASON_FIELD } from '../components/confirm-dialog';
import { Field, useFormProblems, FormActions } from '../components/edit-field';
import { Facts } from '../components/facts';
import { formatInstant } from '../format.fns';
import { jsonField } from '../promotions.fns';
import { formText } from '../search-params.fns';
import NotFound from './not-found';

export const meta = () => adminMeta('Content document');

const known = (list: readonly string[], value: string | undefined) => list.includes(value ?? '');

/** /admin/content/:locale/:name: edit the draft, preview it on the site, publish or discard it. */
export default function AdminContentDocumentPage({
  params,
}: {
  params: { locale?: string; name?: string };
}) {
  if (!known(LOCALES, params.locale) || !known(CONTENT_QUERIES, params.name)) return <NotFound />;
  return <Loaded params={params as AdminContentParams} />;
}

function Loaded({ params }: { params: AdminContentParams }) {
  const query = useContentDocument(params);
  return (
    <>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">
          {params.name} <span className="text-text-muted">({params.locale})</span>
        </h1>
        <Link to="/admin/content" className="text-sm text-accent hover:underline">
          ← All content
        </Link>
      </div>
      <LoadState query={query} texts={ADMIN_LOAD_TEXTS} rows={6}>
        {(doc) => <Editor params={params} doc={doc} />}
      </LoadState>
    </>
  );
}

type Dialog = 'publish' | 'discard' | null;

function Editor({ params, doc }: { params: AdminContentParams; doc: AdminContentDocument }) {
  const { formProblem, fieldProblem, pending, submitting } = useFormProblems();
  const [outcome, setOutcome] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const editing = doc.draft ?? doc.published;

  const save = async (form: FormData) => {
    const reason = formText(form, 'reason').trim();
    const saved = await saveContentDraft(params, {
      document: jsonField(formText(form, 'document'), 'document', null),
      ...(reason ? { reason } : {}),
    });
    setOutcome(
      saved.draftHash
        ? 'Draft saved. Open the preview to see it on the site.'
        : 'Saved: the draft is the same as the published document.',
    );
  };

  return (
    <>
      <Facts
        rows={[
          [
            'Published',
            doc.publishedHash
              ? `${doc.publishedHash} (${doc.source === 'edited' ? 'edited in the back office' : 'from the repository'})`
              : 'None: the site shows the English document',
          ],
          [
            'Draft',
            doc.draftHash
              ? `${doc.draftHash}${doc.draftUpdatedBy ? `, saved by ${doc.draftUpdatedBy} at ${formatInstant(doc.draftUpdatedAt!)}` : ' (repository draft)'}`
              : 'None',
          ],
        ]}
      />
      <div className="my-4 flex flex-wrap gap-3">
        {doc.previewUrl ? (
          <a
            href={doc.previewUrl}
            target="_blank"
            rel="noopener"
            className={buttonClass('outline', 'md')}
          >
            Open the preview ({params.locale} site, drafts shown)
          </a>
        ) : (
          <p className="text-sm text-text-muted">
            Preview is off on this server (no CONTENT_PREVIEW_TOKEN).
          </p>
        )}
        <button
          type="button"
          disabled={!doc.draftHash}
          className={buttonClass('primary', 'md')}
          onClick={() => setDialog('publish')}
        >
          Publish the draft
        </button>
        <button
          type="button"
          disabled={!doc.draftUpdatedBy}
          className={buttonClass('ghost', 'md')}
          onClick={() => setDialog('discard')}
        >
          Discard the draft
        </button>
      </div>
      <p role="status" className="mb-4 text-sm text-success empty:hidden">
        {outcome}
      </p>
      <form
        key={doc.draftHash ?? doc.publishedHash ?? 'none'}
        aria-label="Edit the draft"
        className="grid max-w-4xl gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setOutcome('');
          submitting(() => save(new FormData(event.currentTarget)));
        }}
      >
        <Field
          wide
          label={doc.draft ? 'Draft (JSON)' : 'Document (JSON, starting from the published one)'}
          problem={fieldProblem('document')}
          hint="Saving checks every field against the document’s rules; a problem names its field."
        >
          {(props) => (
            <textarea
              {...props}
              name="document"
              rows={24}
              spellCheck={false}
              defaultValue={editing === null ? '' : JSON.stringify(editing, null, 2)}
            />
          )}
        </Field>
        <Field wide label="Note for the audit log (optional)" problem={fieldProblem('reason')}>
          {(props) => <input {...props} name="reason" maxLength={500} />}
        </Field>
        <FormActions problem={formProblem} pending={pending}>
          Save draft
        </FormActions>
      </form>
      {dialog === 'publish' && doc.draftHash && (
        <ConfirmDialog
          dialogKey="content-publish"
          title={`Publish ${params.name} (${params.locale})`}
          description="Every visitor of this locale sees the draft at their next page. It is checked against the document’s rules first; a problem is named and nothing is published."
          confirmLabel="Publish"
          fields={[REASON_FIELD]}
          onClose={() => setDialog(null)}
          onConfirm={async (values) => {
            await publishContent(params, {
              draftHash: doc.draftHash!,
              reason: String(values.reason),
            });
            setOutcome('Published: the site shows it now.');
          }}
        />
      )}
      {dialog === 'discard' && (
        <ConfirmDialog
          dialogKey="content-discard"
          title={`Discard the draft of ${params.name} (${params.locale})`}
          description="The draft is deleted; the published document stays as it is. This cannot be undone."
          confirmLabel="Discard the draft"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await discardContentDraft(params);
            setOutcome('Draft discarded.');
          }}
        />
      )}
    </>
  );
}
