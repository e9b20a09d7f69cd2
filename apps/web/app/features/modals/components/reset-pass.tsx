import { useMessages } from '../../../i18n/i18n.tsx';
import { modalMessages } from '../../../i18n/messages/modals.ts';
import { AccountForm } from '../form/account-form.tsx';
import { useAccountFields } from '../form/account-fields.ts';
import { useModalEntry } from '../modal-entry.ts';
import { ModalFrame } from '../modal-frame.tsx';

/** Opened from the emailed link with `?modal=reset-pass&resetCode=…`. */
export default function ResetPassModal() {
  const t = useMessages(modalMessages);
  const f = useAccountFields();
  const { searchParams } = useModalEntry();
  return (
    <ModalFrame title={t.resetTitle} description={t.resetDescription}>
      {!searchParams.get('resetCode') && (
        <p className="mb-4 rounded-lg bg-zinc-800 px-3 py-2 text-sm text-zinc-300">
          {t.resetNeedsLink}
        </p>
      )}
      <AccountForm fields={[f.newPassword, f.repeatNewPassword]} submitLabel={t.resetSubmit} />
    </ModalFrame>
  );
}
