import { useId, useState } from 'react';
import {
  LIMIT_PERIODS,
  LIMIT_TYPES,
  type LimitType,
  type PlayerLimit,
} from '@coinfall/shared/contracts/limits';
import { formatMessage } from '../../../i18n/i18n.tsx';
import {
  AccountForm,
  type FormValues,
  type SubmitProblems,
} from '../../../ui/form/account-form.tsx';
import { useLimitMutations } from '../api/limits.ts';
import { freePeriods, freeTypes } from '../limits.fns.ts';
import {
  AMOUNT_RULES,
  amountInput,
  invalidText,
  LIMIT_CURRENCY,
  MINUTES_RULES,
  problemsOf,
  TYPE_TEXT,
  useLimitTexts,
  type Messages,
} from './limit-texts.ts';

/**
 * "What to limit" is a select of its own: AccountForm cannot change one field's options when
 * another changes, so the form below (period and amount) is rebuilt for the chosen type and
 * offers only the periods still free for it.
 */
export function CreateLimitForm({
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
