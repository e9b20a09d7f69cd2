import type { ReactNode } from 'react';
import { AccountForm, type FieldSpec, type SubmitProblems } from '../../ui/form/account-form';
import { Modal } from '../../ui/modal/modal';
import { ADMIN_RULE_TEXTS } from '../admin-texts';
import { failureText } from '../failure.fns';

/** Above the page; the back office has no modal stack of its own (one dialog at a time). */
const DIALOG_Z_INDEX = 1000;

export const REASON_FIELD: FieldSpec = {
  name: 'reason',
  label: 'Reason (kept in the audit log)',
  type: 'text',
  required: true,
  autoComplete: 'off',
  rules: [{ rule: 'min', params: { min: 3 } }],
};

/**
 * Every destructive or money action asks here first: what will happen, the fields it needs (a
 * reason, an amount), and the server's refusal in plain words. The dialog traps focus, starts
 * on its first field, closes with Escape and gives focus back to the button that opened it.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  fields = [],
  onConfirm,
  onClose,
  children,
  dialogKey,
  initialValues,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  fields?: readonly FieldSpec[];
  /** Does the action; a thrown ApiError is shown on the form. */
  onConfirm: (values: Readonly<Record<string, string | boolean>>) => Promise<void>;
  onClose: () => void;
  children?: ReactNode;
  /** data-modal-key, for tests. */
  dialogKey: string;
  /** The fields' starting values (an edit shows what is there now). */
  initialValues?: Readonly<Record<string, string | boolean>>;
}) {
  const submit = async (
    values: Readonly<Record<string, string | boolean>>,
  ): Promise<SubmitProblems | undefined> => {
    try {
      await onConfirm(values);
      onClose();
      return undefined;
    } catch (error) {
      return failureText(error);
    }
  };
  return (
    <Modal
      title={title}
      description={description}
      onClose={onClose}
      zIndex={DIALOG_Z_INDEX}
      modalKey={dialogKey}
      closeOnOutsideClick={false}
      closeOnSwipe={false}
      closeLabel="Cancel"
    >
      {children}
      <AccountForm
        fields={fields}
        initialValues={initialValues}
        submitLabel={confirmLabel}
        onSubmit={submit}
        messages={ADMIN_RULE_TEXTS}
        footer={
          <button
            type="button"
            onClick={onClose}
            className="h-11 rounded-xl text-sm font-semibold text-text-muted hover:bg-surface-2"
          >
            Cancel
          </button>
        }
      />
    </Modal>
  );
}
