import { useState } from 'react';
import type { PlayerProfile, UpdateProfileBody } from '@coinfall/shared/contracts/player';
import { formatMessage, useMessages } from '../../i18n/i18n.tsx';
import { accountMessages } from '../../i18n/messages/account.ts';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { AccountForm, type FieldSpec, type SubmitProblems } from '../../ui/form/account-form.tsx';
import { useAccountFields } from '../../ui/form/account-fields.ts';
import type { AccountFailure } from './api-failure.fns.ts';
import { updateProfile } from './profile-update.api.ts';

interface TermsFormProps {
  /** Before the update: the login flow needs to know whether the player just registered. */
  profile: PlayerProfile;
  withNickname: boolean;
  submitLabel: string;
  /** Told the updated profile (already in the cache) and whether the player just registered. */
  onAccepted: (updated: PlayerProfile, newlyRegistered: boolean) => void;
}

/**
 * Accepting the terms, optionally with a nickname: PUT /api/player/profile
 * { nickname?, agreedTc: true } (agreedTc only ever goes from false to true).
 */
export function TermsForm({ profile, withNickname, submitLabel, onAccepted }: TermsFormProps) {
  const t = useMessages(modalMessages);
  const a = useMessages(accountMessages);
  const f = useAccountFields();
  // The form keeps its fields stable across renders (AccountForm memoises their rules).
  const [fields] = useState<FieldSpec[]>(() => [
    ...(withNickname
      ? [
          {
            name: 'nickname',
            label: a.fieldNickname,
            type: 'text',
            autoComplete: 'nickname',
            required: false,
          } satisfies FieldSpec,
        ]
      : []),
    f.agreements,
  ]);

  return (
    <>
      {withNickname && <p className="mb-3 text-xs text-text-muted">{a.nicknameHint}</p>}
      <AccountForm
        fields={fields}
        submitLabel={submitLabel}
        onSubmit={async (values) => {
          const nickname = typeof values.nickname === 'string' ? values.nickname.trim() : '';
          const body: UpdateProfileBody = { agreedTc: true, ...(nickname ? { nickname } : {}) };
          const outcome = await updateProfile(body);
          if (outcome.ok) {
            onAccepted(outcome.value, profile.isNewlyRegistered);
            return undefined;
          }
          return termsProblems(outcome.failure, t.formFailed, (seconds) =>
            formatMessage(t.tooManyAttempts, { seconds }),
          );
        }}
      />
    </>
  );
}

/** The API names the checkbox agreedTc; the form, agreements. */
function termsProblems(
  failure: AccountFailure,
  failed: string,
  throttled: (seconds: number) => string,
): SubmitProblems {
  if (failure.kind === 'throttled') return { formError: throttled(failure.seconds) };
  if (failure.kind !== 'fields') return { formError: failed };
  const { nickname, agreedTc, ...rest } = failure.fields;
  const fieldErrors: Record<string, string> = {};
  if (nickname) fieldErrors.nickname = nickname;
  if (agreedTc) fieldErrors.agreements = agreedTc;
  return {
    fieldErrors,
    formError: Object.keys(rest).length > 0 || (!nickname && !agreedTc) ? failed : undefined,
  };
}
