import { QUEST_STATE } from '../quest-states';
import type { PlayerQuestPackage } from '@coinfall/shared/contracts/retention';
import { formatMessage } from '../../../i18n/i18n.tsx';
import { Icon } from '../../../ui/icon.tsx';
import type { RetentionTextsApi } from '../hooks/use-retention-texts';
import { chainSteps, questStateKey, stepLock } from '../retention.fns';
import { QuestCard, type QuestsContent } from './quest-card';

/**
 * A quest chain: its steps in order, the one to play now in full, the finished ones ticked and
 * the locked ones with why (spec §4: 5 not reached yet, 6 can no longer be taken).
 */
export function ChainCard({
  pkg,
  content,
  texts,
  now,
}: {
  pkg: PlayerQuestPackage;
  content: QuestsContent;
  texts: RetentionTextsApi;
  now: number;
}) {
  const { t, text, spanUntil, reward } = texts;
  const { steps, current } = chainSteps(pkg);
  const left = spanUntil(pkg.endAt, now);
  const nameId = `chain-${pkg.id}-name`;
  const position = current ? steps.indexOf(current) + 1 : steps.length;
  return (
    <article
      aria-labelledby={nameId}
      data-testid="quest-chain"
      data-state={pkg.state}
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface-2/40 p-4"
    >
      <div className="flex items-start gap-3">
        {pkg.image ? (
          <img src={pkg.image} alt="" className="size-12 shrink-0 rounded-lg object-cover" />
        ) : null}
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wider text-accent uppercase">
            {content.labels.chain}
          </p>
          <h4 id={nameId} className="font-semibold text-text">
            {text(pkg.name)}
          </h4>
          <p className="mt-1 text-sm text-text-muted">{text(pkg.description)}</p>
          <p className="mt-1 text-xs text-text-muted">
            {formatMessage(content.labels.step, { step: position, total: steps.length })}
            {pkg.endAt !== null
              ? ` · ${left === null ? content.labels.ended : formatMessage(content.labels.endsIn, { time: left })}`
              : null}
          </p>
        </div>
      </div>
      <ol className="flex flex-col gap-2">
        {steps.map((step, index) => {
          const label = formatMessage(t.stepOf, { step: index + 1, name: text(step.name) });
          if (step === current)
            return (
              <li key={step.id} aria-current="step">
                <QuestCard
                  quest={step}
                  content={content}
                  texts={texts}
                  now={now}
                  headingLevel="h5"
                />
              </li>
            );
          const lock = stepLock(step.state);
          const done = step.state === QUEST_STATE.Completed || step.state === QUEST_STATE.Awarded;
          return (
            <li
              key={step.id}
              data-testid="quest-chain-step"
              data-state={step.state}
              className="flex items-start gap-3 rounded-lg px-3 py-2 text-sm"
            >
              <Icon
                name={lock === 'open' ? (done ? 'star' : 'dot') : 'lock'}
                className={`mt-0.5 size-4 shrink-0 ${done ? 'text-success' : 'text-text-muted'}`}
              />
              <div>
                <p className={lock === 'open' ? 'text-text' : 'text-text-muted'}>{label}</p>
                <p className="text-xs text-text-muted">
                  {content.states[questStateKey(step.state)]?.label}
                  {lock === 'notReached' ? ` · ${t.lockedNotReached}` : null}
                  {lock === 'ended' ? ` · ${t.lockedEnded}` : null}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      {pkg.reward ? (
        <p className="text-sm">
          <span className="text-text-muted">{t.chainReward}: </span>
          <span className="font-semibold text-text">{reward(pkg.reward)}</span>
        </p>
      ) : null}
    </article>
  );
}
