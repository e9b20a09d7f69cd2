import { useId, useMemo, useState } from 'react';
import {
  LIMIT_COOLING_OFF_HOURS,
  LIMIT_PERIOD_MINUTES,
  LIMIT_PERIODS,
  LIMIT_TYPES,
  type LimitPeriod,
  type LimitType,
  type PlayerLimit,
} from '@coinfall/shared/contracts/limits';
import type { RuleSpec } from '@coinfall/shared/validation/index';
import { formatMessage, useLocale, useMessages } from '../../../i18n/i18n.tsx';
import { profileMessages } from '../../../i18n/messages/profile.ts';
import { buttonClass } from '../../../ui/button.ts';
import {
  AccountForm,
  type FormValues,
  type SubmitProblems,
} from '../../../ui/form/account-form.tsx';
import { ApiError, fieldIssuesOf } from '../../../lib/api/api-error.ts';
import { useLimitMutations, useLimits } from '../api/limits.ts';
import {
  centsFromInput,
  formatLimitAmount,
  freePeriods,
  freeTypes,
  inputFromCents,
  limitChangeOutcome,
  minutesFromInput,
  pendingChange,
  sortLimits,
  type LimitChangeOutcome,
} from '../limits.fns.ts';
import { formatDateTime } from '../sessions.fns.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { LoadState } from '../../../ui/load-state.tsx';
import { PageSection } from '../../../ui/page-section.tsx';

type Messages = Record<keyof (typeof profileMessages)['en'], string>;

/** New limits are in the site's base currency (the contract's default). */
const LIMIT_CURRENCY = 'USD';

const PERIOD_TEXT = {
  day: 'limitPeriodDay',
  week: 'limitPeriodWeek',
  month: 'limitPeriodMonth',
} as const satisfies Record<LimitPeriod, keyof Messages>;

/** The choices of "What to limit". */
const TYPE_TEXT = {
  purchase: 'limitTypePurchase',
  loss: 'limitTypeLoss',
  wager: 'limitTypeWager',
  'session-time': 'limitTypeSessionTime',
} as const satisfies Record<LimitType, keyof Messages>;

/** The type inside a limit's name ("daily loss limit"). */
const TYPE_NAME = {
  purchase: 'limitNamePurchase',
  loss: 'limitNameLoss',
  wager: 'limitNameWager',
  'session-time': 'limitNameSessionTime',
} as const satisfies Record<LimitType, keyof Messages>;

/** Units with at most two decimals, more than zero (the shared regex rules of spec §5). */
const AMOUNT_RULES: readonly RuleSpec[] = [
  { rule: 'regex', params: { pattern: '^\\d{1,10}([.,]\\d{1,2})?$' } },
  { rule: 'not_regex', params: { pattern: '^0+([.,]0+)?$' } },
];

/** Whole minutes, more than zero (the period's ceiling is checked on submit). */
const MINUTES_RULES: readonly RuleSpec[] = [
  { rule: 'regex', params: { pattern: '^\\s*\\d{1,6}\\s*$' } },
  { rule: 'not_regex', params: { pattern: '^\\s*0+\\s*$' } },
];

/** The amount field of a limit of `type`: minutes for session time, money otherwise. */
function amountInput(type: LimitType, period: LimitPeriod, text: string) {
  return type === 'session-time' ? minutesFromInput(text, period) : centsFromInput(text);
}

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

function useLimitTexts(t: Messages) {
  const locale = useLocale();
  return useMemo(
    () => ({
      period: (period: LimitPeriod) => t[PERIOD_TEXT[period]],
      /** "daily loss limit", lower case for inside a sentence. */
      name: (limit: Pick<PlayerLimit, 'type' | 'period'>) =>
        formatMessage(t.limitName, {
          period: t[PERIOD_TEXT[limit.period]],
          type: t[TYPE_NAME[limit.type]],
        }).toLowerCase(),
      amount: (limit: Pick<PlayerLimit, 'type' | 'currency'>, amount: number) =>
        formatLimitAmount(limit, amount, locale),
      date: (iso: string) => formatDateTime(iso, locale),
      amountMessages: { regex: t.limitAmountInvalid, not_regex: t.limitAmountInvalid },
      minutesMessages: (period: LimitPeriod) => {
        const text = formatMessage(t.limitMinutesInvalid, { max: LIMIT_PERIOD_MINUTES[period] });
        return { regex: text, not_regex: text };
      },
    }),
    [t, locale],
  );
}

/** "Daily loss limit", for a row's heading. */
function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
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

/**
 * "What to limit" is a select of its own: AccountForm cannot change one field's options when
 * another changes, so the form below (period and amount) is rebuilt for the chosen type and
 * offers only the periods still free for it.
 */
function CreateLimitForm({
  limits,
  t,
  onCreated,
}: {
  limits: readonly PlayerLimit[];
  t: Messages;
  onCreated: (text: string) => void;
}) {
  const texts = useLimitTexts(t);
  const { create } = useLimitMutations();
  const typeId = useId();
  const types = freeTypes(limits, LIMIT_TYPES, LIMIT_PERIODS);
  const [chosen, setChosen] = useState<LimitType>();
  // The chosen type may just have used up its last period: fall back to the first one left.
  const type = chosen && types.includes(chosen) ? chosen : types[0];
  if (!type) return <p className="text-sm text-text-muted">{t.limitAllSet}</p>;
  const periods = freePeriods(limits, type, LIMIT_PERIODS);

  const submit = async (values: FormValues): Promise<SubmitProblems | undefined> => {
    const period = periods.find((p) => p === values.period);
    if (!period) return { fieldErrors: { period: t.somethingWrong } };
    const amount = amountInput(type, period, String(values.amount));
    if (amount === undefined) {
      return { fieldErrors: { amount: invalidText({ type, period }, t) } };
    }
    try {
      const created = await create.mutateAsync({
        type,
        period,
        amount,
        currency: LIMIT_CURRENCY,
      });
      onCreated(formatMessage(t.limitCreated, { limit: texts.name(created) }));
      return undefined;
    } catch (error) {
      return problemsOf(error, t);
    }
  };

  return (
    <div className="border-t border-border pt-4">
      <h4 className="mb-3 font-semibold text-text">{t.limitAdd}</h4>
      <div className="flex max-w-sm flex-col gap-4">
        <div>
          <label htmlFor={typeId} className="text-sm font-medium text-text-muted">
            {t.limitType}
          </label>
          <select
            id={typeId}
            name="type"
            value={type}
            onChange={(event) => setChosen(types.find((option) => option === event.target.value))}
            className="mt-1 block w-full rounded-lg border border-border-strong bg-bg px-3 py-2 text-text focus:border-accent focus:outline-none"
          >
            {types.map((option) => (
              <option key={option} value={option}>
                {t[TYPE_TEXT[option]]}
              </option>
            ))}
          </select>
        </div>
        {type === 'session-time' ? (
          <p className="text-sm text-text-muted">{t.limitSessionTimeNote}</p>
        ) : null}
        {/* Keyed by type and free periods: after a create or a change of type it starts again
            on what is left. */}
        <AccountForm
          key={`${type}:${periods.join()}`}
          fields={[
            {
              name: 'period',
              label: t.limitPeriod,
              type: 'select',
              required: true,
              options: periods.map((p) => ({ value: p, label: texts.period(p) })),
            },
            {
              name: 'amount',
              ...(type === 'session-time'
                ? { label: t.limitMinutes, inputMode: 'numeric' as const, rules: MINUTES_RULES }
                : {
                    label: formatMessage(t.limitAmount, { currency: LIMIT_CURRENCY }),
                    inputMode: 'decimal' as const,
                    rules: AMOUNT_RULES,
                  }),
              type: 'text',
              required: true,
            },
          ]}
          initialValues={{ period: periods[0] ?? '' }}
          messages={type === 'session-time' ? texts.minutesMessages('month') : texts.amountMessages}
          submitLabel={t.limitCreate}
          onSubmit={submit}
        />
      </div>
    </div>
  );
}

/** The message for an amount that does not parse: minutes up to the period's, or money. */
function invalidText(limit: Pick<PlayerLimit, 'type' | 'period'>, t: Messages): string {
  return limit.type === 'session-time'
    ? formatMessage(t.limitMinutesInvalid, { max: LIMIT_PERIOD_MINUTES[limit.period] })
    : t.limitAmountInvalid;
}

function problemsOf(error: unknown, t: Messages): SubmitProblems {
  if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
    const fieldErrors = fieldIssuesOf(error);
    if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  }
  return { formError: t.somethingWrong };
}
