import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMessages } from '../../../i18n/i18n.tsx';
import { paymentMessages } from '../../../i18n/messages/payments.ts';
import { SECONDARY_BUTTON } from '../../../ui/modal/modal-frame.tsx';
import { providerOriginOf, readThreeDsMessage } from '../three-ds.fns.ts';

/**
 * The provider's hosted 3-D Secure page inside the modal. Its message ({type:'coinfall:3ds'})
 * only makes the invoice be read at once; the outcome always comes from the API. The frame is a
 * normal tab stop: the hint before it and the cancel button after it can be reached by keyboard,
 * so focus is never stuck inside.
 */
export function ThreeDsFrame({
  url,
  invoiceId,
  onMessage,
  onCancel,
}: {
  url: string;
  invoiceId: string;
  onMessage: () => void;
  onCancel: () => void;
}) {
  const t = useMessages(paymentMessages);
  const origin = providerOriginOf(url, window.location.href);
  const navigate = useNavigate();
  const location = useLocation();

  // The bank's page adds entries of its own to the tab's history (its form posts inside the
  // frame), so stepping back would walk through those instead of closing the modal. Dropping the
  // "pushed by the modal" mark makes closing a replace navigation from here on.
  useEffect(() => {
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null, preventScrollReset: true },
    );
    // Once, when the frame appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!origin) return;
    const listener = (event: MessageEvent) => {
      if (readThreeDsMessage(event, { origin, invoiceId })) onMessage();
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [origin, invoiceId, onMessage]);

  if (!origin) return null;
  return (
    <div className="flex flex-col gap-3">
      <p id="three-ds-hint" className="text-sm text-text-muted">
        {t.threeDsHint}
      </p>
      <iframe
        title={t.threeDsFrame}
        src={url}
        aria-describedby="three-ds-hint"
        referrerPolicy="no-referrer"
        // Scripts and forms for the bank's page; its "Continue" link may take the whole tab to
        // the return page (only on a click), nothing may open popups.
        sandbox="allow-scripts allow-forms allow-same-origin allow-top-navigation-by-user-activation"
        className="h-[420px] w-full rounded-xl border border-border-strong bg-white"
      />
      <div>
        <button type="button" className={SECONDARY_BUTTON} onClick={onCancel}>
          {t.threeDsCancel}
        </button>
      </div>
    </div>
  );
}
