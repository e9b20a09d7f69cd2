import { useMessages } from '../../i18n/i18n.tsx';
import { accountMessages } from '../../i18n/messages/account.ts';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { deleteAccount } from '../../features/account/account-removal.api.ts';
import { PlayerGate } from '../../features/account/player-gate.tsx';
import { useLeaveRemovedAccount } from '../../features/account/use-leave-removed-account.ts';
import { AccountForm } from '../../ui/form/account-form.tsx';
import { useAccountFields } from '../../ui/form/account-fields.ts';
import { ModalFrame } from '../../ui/modal/modal-frame.tsx';

/**
 * POST /api/users/delete with the password. Spec §8: its errors resolve to null, shown as one
 * generic failure. Done: the session goes, the accountRemoved alert is stored, home reloads.
 */
export default function RemoveAccountModal() {
  const t = useMessages(modalMessages);
  return (
    <PlayerGate title={t.removeAccountTitle} description={t.removeAccountDescription}>
      {() => <RemoveAccount />}
    </PlayerGate>
  );
}

function RemoveAccount() {
  const t = useMessages(modalMessages);
  const a = useMessages(accountMessages);
  const f = useAccountFields();
  const leave = useLeaveRemovedAccount();
  return (
    <ModalFrame title={t.removeAccountTitle} description={t.removeAccountDescription}>
      <div className="mb-4 text-sm text-text-muted">
        <p>{a.removeConsequences}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{a.removeBalances}</li>
          <li>{a.removeSessions}</li>
          <li>{a.removeFinal}</li>
        </ul>
        <p className="mt-3 text-xs text-text-muted">{a.removePasswordHint}</p>
      </div>
      <AccountForm
        // Optional: a social account may have no password (the contract's password is optional).
        fields={[{ ...f.password, autoComplete: 'current-password', required: false }]}
        submitLabel={a.removeSubmit}
        onSubmit={async (values) => {
          const password = String(values.password);
          const removed = await deleteAccount(password ? { password } : {});
          if (!removed) return { formError: a.removeFailed };
          await leave();
          return undefined;
        }}
      />
    </ModalFrame>
  );
}
