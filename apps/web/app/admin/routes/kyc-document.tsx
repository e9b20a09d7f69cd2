import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminKycDocument } from '@coinfall/shared/contracts/admin-kyc';
import { DocumentStatus } from '@coinfall/shared/constants';
import { buttonClass } from '../../ui/button';
import { LoadState } from '../../ui/load-state';
import { adminMeta } from '../admin-meta';
import { ADMIN_LOAD_TEXTS } from '../admin-texts';
import { decideDocument, useKycDocument } from '../api/admin-kyc';
import { ConfirmDialog, REASON_FIELD } from '../components/confirm-dialog';
import { DocumentViewer } from '../components/document-viewer';
import { documentStatusName, documentTypeName, formatInstant } from '../format.fns';

export const meta = () => adminMeta('KYC document');

function Details({ document: d }: { document: AdminKycDocument }) {
  const rows: [string, string][] = [
    ['Status', documentStatusName(d.status)],
    ['Uploaded', formatInstant(d.createdAt)],
    ['File', `${d.mime}, ${Math.max(1, Math.round(d.size / 1024))} KB`],
    ['SHA-256', d.sha256],
    ['First name', d.player.firstName ?? '—'],
    ['Last name', d.player.lastName ?? '—'],
    ['Birthdate', d.player.birthdate ?? '—'],
    ['Country', d.player.country ?? '—'],
    ['Identity', d.player.kycVerified ? 'Verified' : `Not verified (${d.player.kycStatus})`],
  ];
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-text-muted">{label}</dt>
          <dd
            className="break-all"
            data-testid={label === 'Status' ? 'document-status' : undefined}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One document: its details and the player's identity data, the file, approve or reject. */
export default function AdminKycDocument({ params }: { params: { id?: string } }) {
  const id = params.id ?? '';
  const query = useKycDocument(id);
  const [approve, setApprove] = useState<boolean | null>(null);
  const [outcome, setOutcome] = useState('');

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/kyc" className="text-accent hover:underline">
          ← KYC review
        </Link>
      </p>
      <LoadState query={query} texts={ADMIN_LOAD_TEXTS} rows={6}>
        {(d) => (
          <>
            <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
              <div>
                <h1 className="text-2xl font-bold">{documentTypeName(d.type)}</h1>
                <p className="text-sm break-all text-text-muted">
                  <Link to={`/admin/players/${d.playerId}`} className="text-accent hover:underline">
                    {d.player.email}
                  </Link>
                </p>
              </div>
              {d.status === DocumentStatus.Pending && (
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={buttonClass('primary', 'md')}
                    onClick={() => setApprove(true)}
                  >
                    Approve
                  </button>
                  <button
                    type="button"
                    className={buttonClass('outline', 'md')}
                    onClick={() => setApprove(false)}
                  >
                    Reject
                  </button>
                </div>
              )}
            </div>
            <p role="status" className="mb-4 text-sm text-success empty:hidden">
              {outcome}
            </p>
            <div className="grid gap-8 lg:grid-cols-2">
              <Details document={d} />
              <DocumentViewer document={d} />
            </div>
            {approve !== null && (
              <ConfirmDialog
                dialogKey={approve ? 'kyc-approve' : 'kyc-reject'}
                title={approve ? 'Approve this document?' : 'Reject this document?'}
                description={
                  approve
                    ? `${d.player.email} becomes identity-verified and is told so at once.`
                    : `${d.player.email} is told the document was refused and may upload another. The reason stays in the audit log; the player does not see it.`
                }
                confirmLabel={approve ? 'Approve the document' : 'Reject the document'}
                fields={[REASON_FIELD]}
                onClose={() => setApprove(null)}
                onConfirm={async (values) => {
                  const reason = typeof values.reason === 'string' ? values.reason : '';
                  const decision = await decideDocument(d.id, approve, reason);
                  setOutcome(
                    approve
                      ? `Approved: ${d.player.email} is ${decision.kycVerified ? 'verified' : 'not verified yet'}.`
                      : `Rejected: ${d.player.email} may upload another document.`,
                  );
                }}
              />
            )}
          </>
        )}
      </LoadState>
    </>
  );
}
