import { useId, useState } from 'react';
import type { StaffChallenge } from '@coinfall/shared/contracts/admin';
import { buttonClass } from '../../ui/button';

/** The first sign-in: the QR code the API drew, and its key for typing into the app by hand. */
export function EnrolmentPanel({
  enrolment,
}: {
  enrolment: NonNullable<StaffChallenge['enrolment']>;
}) {
  return (
    <section
      aria-labelledby="enrol-heading"
      className="mb-6 rounded-xl border border-border bg-surface p-4"
    >
      <h2 id="enrol-heading" className="font-semibold">
        Scan this code with your authenticator app
      </h2>
      <img
        src={enrolment.qrDataUrl}
        alt="QR code of your back-office authenticator key"
        width={200}
        height={200}
        className="mx-auto my-4 rounded-lg bg-white p-2"
      />
      <p className="text-sm text-text-muted">Or type this key into the app:</p>
      <p className="mt-1 font-mono text-sm break-all select-all" data-testid="totp-secret">
        {enrolment.secret}
      </p>
    </section>
  );
}

/**
 * The ten recovery codes, shown once: the staff member confirms they kept them before going on
 * (nothing can show them again).
 */
export function RecoveryCodesPanel({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const [saved, setSaved] = useState(false);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="mt-2 mb-2 text-2xl font-bold">
        Save your recovery codes
      </h1>
      <p className="mb-4 text-sm text-text-muted">
        Each code signs you in once instead of an authenticator code, if you lose your phone. They
        are shown only now: keep them somewhere safe.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-xl border border-border bg-surface p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <label className="mt-4 flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
          className="mt-0.5 size-4 accent-accent"
        />
        <span>I have saved them</span>
      </label>
      <button
        type="button"
        disabled={!saved}
        onClick={onSaved}
        className={buttonClass('primary', 'md', 'mt-4 w-full')}
      >
        Continue to the back office
      </button>
    </section>
  );
}
