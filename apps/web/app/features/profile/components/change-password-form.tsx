import { useMessages } from '../../../i18n/i18n.tsx';
import { profileMessages } from '../../../i18n/messages/profile.ts';
import { useAccountFields } from '../../../ui/form/account-fields.ts';
import {
  AccountForm,
  type FormValues,
  type SubmitProblems,
} from '../../../ui/form/account-form.tsx';
import { ApiError, fieldIssuesOf } from '../../../lib/api/api-error.ts';
import { changePassword } from '../api/passwords.ts';
import { PageSection } from '../../../ui/page-section.tsx';

/** PUT /api/player/passwords with the shared checks (spec §5); other sessions end with it. */
export function ChangePasswordForm() {
  const t = useMessages(profileMessages);
  const f = useAccountFields();
  const submit = async (values: FormValues): Promise<SubmitProblems | undefined> => {
    try {
      await changePassword({
        currentPassword: String(values.currentPassword),
        newPassword: String(values.newPassword),
        repeatNewPassword: String(values.repeatNewPassword),
      });
      return undefined;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const fieldErrors = fieldIssuesOf(error);
        if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
      }
      return { formError: t.somethingWrong };
    }
  };
  return (
    <PageSection id="password" title={t.passwordTitle}>
      <div className="max-w-md">
        <AccountForm
          fields={[
            {
              name: 'currentPassword',
              label: t.currentPassword,
              type: 'password',
              autoComplete: 'current-password',
              required: true,
            },
            f.newPassword,
            f.repeatNewPassword,
          ]}
          submitLabel={t.passwordSubmit}
          onSubmit={submit}
          successMessage={t.passwordChanged}
          resetOnSuccess
        />
      </div>
    </PageSection>
  );
}
