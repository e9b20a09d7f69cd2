import { useEffect, useId, useRef, useState } from 'react';
import { formatMessage, useLocale, useLocalizedPath, useMessages } from '../../../i18n/i18n.tsx';
import { protectionMessages } from '../../../i18n/messages/protection.ts';
import { clearToken } from '../../../lib/session/session';
import { excludedPath } from '../../../lib/session/session.fns.ts';
import { buttonClass } from '../../../ui/button.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { PageSection } from '../../../ui/page-section.tsx';
import { useStartProtection } from '../api/protection.ts';
import {
  BREAK_CHOICES,
  choiceEnd,
  choiceOf,
  choiceValue,
  EXCLUSION_CHOICES,
  formatEnd,
  type ProtectionChoice,
} from '../protection.fns.ts';

type Texts = Record<keyof (typeof protectionMessages)['en'], string>;

function choiceLabel(choice: ProtectionChoice, t: Texts): string {
  if (choice.kind === 'exclusion') return t[`exclusion_${choice.period}`];
  return choice.days === 1 ? t.breakDay : formatMessage(t.breakDays, { days: choice.days });
}

/**
 * Take a break or self-exclude (issue 16), on /profile/limits: choose, then confirm with the end
 * date spelled out. On success the server has ended every session: the page leaves for
 * /excluded by a document load, so nothing of the player's state stays behind.
 */
export function ProtectionSection() {
  const t = useMessages(protectionMessages);
  const [value, setValue] = useState('');
  const [confirming, setConfirming] = useState<ProtectionChoice | null>(null);
  const [error, setError] = useState('');
  const chosen = choiceOf(value);
  return (
    <PageSection id="protection" title={t.sectionTitle} description={t.sectionIntro}>
      {confirming ? (
        <Confirmation
          choice={confirming}
          t={t}
          onCancel={() => setConfirming(null)}
          onFailed={() => {
            setConfirming(null);
            setError(t.failed);
          }}
        />
      ) : (
        <form
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            if (!chosen) {
              setError(t.chooseOne);
              return;
            }
            setError('');
            setConfirming(chosen);
          }}
        >
          <ChoiceGroup
            legend={t.breakLegend}
            choices={BREAK_CHOICES}
            value={value}
            onChange={setValue}
            t={t}
          />
          <ChoiceGroup
            legend={t.exclusionLegend}
            choices={EXCLUSION_CHOICES}
            value={value}
            onChange={setValue}
            t={t}
          />
          <LiveMessage text={error} tone="error" />
          <div>
            <button type="submit" className={buttonClass('outline')}>
              {t.continue}
            </button>
          </div>
        </form>
      )}
    </PageSection>
  );
}

function ChoiceGroup(props: {
  legend: string;
  choices: readonly ProtectionChoice[];
  value: string;
  onChange: (value: string) => void;
  t: Texts;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-text">{props.legend}</legend>
      <div className="flex flex-wrap gap-2">
        {props.choices.map((choice) => {
          const value = choiceValue(choice);
          return (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-xl border border-border px-3 py-2 text-sm text-text has-[:checked]:border-primary has-[:checked]:bg-surface-2"
            >
              <input
                type="radio"
                name={`protection-${name}`}
                value={value}
                checked={props.value === value}
                onChange={() => props.onChange(value)}
                className="accent-primary"
              />
              {choiceLabel(choice, props.t)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function Confirmation(props: {
  choice: ProtectionChoice;
  t: Texts;
  onCancel: () => void;
  onFailed: () => void;
}) {
  const { t, choice } = props;
  const locale = useLocale();
  const localize = useLocalizedPath();
  const start = useStartProtection();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const textId = useId();
  // The step replaces the form: focus goes to its heading so a screen reader reads it first.
  useEffect(() => headingRef.current?.focus(), []);
  const end = choiceEnd(choice, new Date());
  const text = end
    ? formatMessage(t.confirmEnds, { date: formatEnd(end, locale) })
    : t.confirmIndefinite;

  async function confirm() {
    try {
      const standing = await start.mutateAsync(choice);
      clearToken();
      window.location.assign(localize(excludedPath(standing.excludedUntil)));
    } catch {
      props.onFailed();
    }
  }

  return (
    <div
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="flex flex-col gap-4 rounded-xl border border-border-strong bg-surface-2 p-4"
    >
      <h4
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-base font-bold text-text"
      >
        {t.confirmTitle}: {choiceLabel(choice, t)}
      </h4>
      <p id={textId} className="text-sm text-text">
        {text}
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={start.isPending}
          onClick={() => void confirm()}
        >
          {start.isPending ? t.starting : t.confirmButton}
        </button>
        <button
          type="button"
          className={buttonClass('ghost')}
          disabled={start.isPending}
          onClick={props.onCancel}
        >
          {t.cancel}
        </button>
      </div>
    </div>
  );
}
