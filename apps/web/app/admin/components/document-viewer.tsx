import { useState } from 'react';
import type { AdminKycDocument } from '@coinfall/shared/contracts/admin-kyc';
import { buttonClass } from '../../ui/button';
import { documentLink } from '../api/admin-kyc';
import { failureText } from '../failure.fns';
import { documentTypeName, formatInstant } from '../format.fns';

type Shown = { url: string; expiresAt: string; pdf: boolean; opened: boolean };

/**
 * "View document": asks for a fresh signed link (the server audits each) and shows the file.
 * An image shows inline; a PDF opens in a new tab. The tab is opened before the request, in the
 * click itself, since a browser blocks a window opened after an await; a blocked one leaves the
 * link to click. The file route also wants the staff cookie, which both requests carry.
 */
export function DocumentViewer({ document }: { document: AdminKycDocument }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const pdf = document.mime === 'application/pdf';

  const view = async () => {
    const tab = pdf ? window.open('', '_blank') : null;
    setBusy(true);
    setError('');
    try {
      const link = await documentLink(document.id);
      if (tab) {
        tab.opener = null;
        tab.location.href = link.url;
      }
      setShown({ ...link, pdf, opened: tab !== null });
    } catch (failure) {
      tab?.close();
      setError(failureText(failure).formError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Document file" className="flex flex-col gap-3">
      <div>
        <button
          type="button"
          className={buttonClass('outline', 'md')}
          disabled={busy}
          onClick={() => void view()}
        >
          {busy ? 'Opening…' : 'View document'}
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {shown && (
        <p className="text-xs text-text-muted">
          {shown.opened ? 'Opened in a new tab. ' : ''}
          The link works until {formatInstant(shown.expiresAt)}, for you only.{' '}
          {shown.pdf && (
            <a href={shown.url} target="_blank" rel="noopener" className="text-accent underline">
              Open the PDF
            </a>
          )}
        </p>
      )}
      {shown && !shown.pdf && (
        <img
          src={shown.url}
          alt={`${documentTypeName(document.type)} of ${document.player.email}`}
          className="max-h-[70vh] max-w-full rounded-lg border border-border object-contain"
        />
      )}
    </section>
  );
}
