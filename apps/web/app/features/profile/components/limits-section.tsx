import { useState } from 'react';
import { LIMIT_COOLING_OFF_HOURS, type PlayerLimit } from '@coinfall/shared/contracts/limits';
import { formatMessage, useMessages } from '../../../i18n/i18n.tsx';
import { profileMessages } from '../../../i18n/messages/profile.ts';
import { buttonClass } from '../../../ui/button.ts';
import {
  AccountForm,
  type FormValues,
  type SubmitProblems,
} from '../../../ui/form/account-form.tsx';
import { useLimitMutations, useLimits } from '../api/limits.ts';
import {
  inputFromCents,
  limitChangeOutcome,
  pendingChange,
  sortLimits,
  type LimitChangeOutcome,
} from '../limits.fns.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { LoadState } from '../../../ui/load-state.tsx';
import { PageSection } from '../../../ui/page-section.tsx';
import { CreateLimitForm } from './limit-create-form.tsx';
import {
  AMOUNT_RULES,
  amountInput,
  capitalize,
  invalidText,
  MINUTES_RULES,
  problemsOf,
  useLimitTexts,
  type Messages,
} from './limit-texts.ts';

/** Responsible-gaming limits: a decrease applies at once, a raise or removal waits. */
export function LimitsSection() {
  const t = useMessages(profileMessages);
  const limits = useLimits();
  const [notice, setNotice] = useState({ text: '', tone: 'info' as 'info' | 'error' });
  return (
    <PageSection
      id="limits"
      title={t.limitsListLabel}
      description={formatMessage(t.limitsIntro, { hours: LIMIT_COOLING_OFF_HOURS })}
    >
      <div className="flex flex-col gap-5">
        <LoadState texts={t} query={limits} rows={2}>
          {(list) => (
            <>
              {list.length === 0 ? (
                <p className="text-sm text-text-muted">{t.limitsEmpty}</p>
              ) : (
                <ul aria-label={t.limitsListLabel} className="flex flex-col gap-3">
                  {sortLimits(list).map((limit) => (
                    <LimitItem
                      key={limit.limitId}
                      limit={limit}
                      t={t}
                      onNotice={(text, tone = 'info') => setNotice({ text, tone })}
                    />
                  ))}
                </ul>
              )}
              <LiveMessage text={notice.text} tone={notice.tone} />
              <CreateLimitForm
                limits={list}
                t={t}
                onCreated={(text) => setNotice({ text, tone: 'info' })}
              />
            </>
          )}
        </LoadState>
      </div>
    </PageSection>
  );
}

/** The sentence for what a change did, naming the limit ("daily loss limit") inside it. */
function outcomeText(
  outcome: LimitChangeOutcome,
  limit: PlayerLimit,
  t: Messages,
  texts: ReturnType<typeof useLimitTexts>,
): string {
  const name = texts.name(limit);
  switch (outcome.kind) {
    case 'applied':
      return formatMessage(t.limitDecreased, {
        limit: name,
        amount: texts.amount(limit, outcome.amount),
      });
    case 'pending':
      return formatMessage(t.limitIncreasePending, {
        limit: name,
        amount: texts.amount(limit, outcome.amount),
        date: texts.date(outcome.at),
      });
    case 'removal':
      return formatMessage(t.limitRemovalPending, { limit: name, date: texts.date(outcome.at) });
    case 'unchanged':
      return formatMessage(t.limitUnchanged, { limit: name });
  }
}

function LimitItem({
  limit,
  t,
  onNotice,
}: {
  limit: PlayerLimit;
  t: Messages;
  onNotice: (text: string, tone?: 'info' | 'error') => void;
}) {
  const texts = useLimitTexts(t);
  const { update, remove } = useLimitMutations();
  const [editing, setEditing] = useState(false);
  const pending = pendingChange(limit, new Date());
  const name = texts.name(limit);

  const save = async (values: FormValues): Promise<SubmitProblems | undefined> => {
    const amount = amountInput(limit.type, limit.period, String(values.amount));
    if (amount === undefined) return { fieldErrors: { amount: invalidText(limit, t) } };
    try {
      const after = await update.mutateAsync({
        limitId: limit.limitId,
        period: limit.period,
        amount,
      });
      setEditing(false);
      onNotice(outcomeText(limitChangeOutcome(limit, after, new Date()), after, t, texts));
      return undefined;
    } catch (error) {
      return problemsOf(error, t);
    }
  };

  return (
    <li
      data-testid="limit-row"
      data-type={limit.type}
      data-period={limit.period}
      className="rounded-xl border border-border bg-surface-2/50 p-4"
    >
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-semibold text-text">{capitalize(name)}</span>
        <span className="text-lg font-bold text-text">{texts.amount(limit, limit.amount)}</span>
        <span className="text-xs text-text-muted">{t.limitInForce}</span>
        <div className="ml-auto flex gap-2">
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            aria-expanded={editing}
            aria-label={formatMessage(t.limitEditLabel, { limit: name })}
            onClick={() => setEditing((open) => !open)}
          >
            {editing ? t.limitCancel : t.limitEdit}
          </button>
          {!limit.removesAt && (
            <button
              type="button"
              className={buttonClass('ghost', 'sm')}
              aria-label={formatMessage(t.limitRemoveLabel, { limit: name })}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(limit.limitId, {
                  onSuccess: (after) =>
                    onNotice(
                      outcomeText(limitChangeOutcome(limit, after, new Date()), after, t, texts),
                    ),
                  onError: () => onNotice(t.somethingWrong, 'error'),
                })
              }
            >
              {t.limitRemove}
            </button>
          )}
        </div>
      </div>
      {pending && (
        <p className="mt-2 text-sm text-accent" data-testid="limit-pending">
          {pending.kind === 'raise'
            ? formatMessage(t.limitPendingRaise, {
                amount: texts.amount(limit, pending.amount),
                date: texts.date(pending.at),
              })
            : formatMessage(t.limitPendingRemoval, { date: texts.date(pending.at) })}
        </p>
      )}
      {editing && (
        <div className="mt-4 max-w-xs">
          <AccountForm
            fields={[
              {
                name: 'amount',
                ...(limit.type === 'session-time'
                  ? {
                      label: t.limitNewMinutes,
                      inputMode: 'numeric' as const,
                      rules: MINUTES_RULES,
                    }
                  : {
                      label: formatMessage(t.limitNewAmount, { currency: limit.currency }),
                      inputMode: 'decimal' as const,
                      rules: AMOUNT_RULES,
                    }),
                type: 'text',
                required: true,
              },
            ]}
            initialValues={{
              amount:
                limit.type === 'session-time' ? String(limit.amount) : inputFromCents(limit.amount),
            }}
            messages={
              limit.type === 'session-time'
                ? texts.minutesMessages(limit.period)
                : texts.amountMessages
            }
            submitLabel={t.limitSave}
            onSubmit={save}
          />
        </div>
      )}
    </li>
  );
}
