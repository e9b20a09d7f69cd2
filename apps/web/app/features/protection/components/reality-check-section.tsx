import { useId, useState } from 'react';
import { formatMessage, useMessages } from '../../../i18n/i18n.tsx';
import { protectionMessages } from '../../../i18n/messages/protection.ts';
import { buttonClass } from '../../../ui/button.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { PageSection } from '../../../ui/page-section.tsx';
import { useRealityCheckState, useSetRealityCheck } from '../api/reality-check.ts';
import { INTERVAL_CHOICES, intervalOf } from '../reality-check.fns.ts';

/** Reality checks on /profile/limits (decision 036): the interval, saved on the server. */
export function RealityCheckSection() {
  const t = useMessages(protectionMessages);
  const query = useRealityCheckState();
  const save = useSetRealityCheck();
  const selectId = useId();
  const [chosen, setChosen] = useState<string>();
  const [notice, setNotice] = useState({ text: '', tone: 'info' as 'info' | 'error' });
  const stored = query.data ? String(query.data.intervalMinutes ?? '') : '';
  const value = chosen ?? stored;

  return (
    <PageSection
      id="reality-check"
      title={t.realitySectionTitle}
      description={t.realitySectionIntro}
    >
      <form
        className="flex max-w-sm flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const intervalMinutes = intervalOf(value);
          save.mutate(
            { intervalMinutes },
            {
              onSuccess: () => {
                setChosen(undefined);
                setNotice({
                  tone: 'info',
                  text:
                    intervalMinutes === null
                      ? t.realitySavedOff
                      : formatMessage(t.realitySaved, { minutes: intervalMinutes }),
                });
              },
              onError: () => setNotice({ tone: 'error', text: t.realitySaveFailed }),
            },
          );
        }}
      >
        <div>
          <label htmlFor={selectId} className="text-sm font-medium text-text-muted">
            {t.realityIntervalLabel}
          </label>
          <select
            id={selectId}
            name="interval"
            value={value}
            disabled={!query.data}
            onChange={(event) => setChosen(event.target.value)}
            className="mt-1 block w-full rounded-lg border border-border-strong bg-bg px-3 py-2 text-text focus:border-accent focus:outline-none"
          >
            {INTERVAL_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice === ''
                  ? t.realityOff
                  : formatMessage(t.realityMinutes, { minutes: choice })}
              </option>
            ))}
          </select>
        </div>
        <LiveMessage
          text={query.isError ? t.realityLoadFailed : notice.text}
          tone={query.isError ? 'error' : notice.tone}
        />
        <div>
          <button
            type="submit"
            className={buttonClass('outline')}
            disabled={!query.data || save.isPending}
          >
            {t.realitySave}
          </button>
        </div>
      </form>
    </PageSection>
  );
}
