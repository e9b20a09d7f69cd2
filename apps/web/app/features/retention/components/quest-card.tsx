import { QUEST_STATE } from '../quest-states';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ContentDocument } from '@coinfall/shared';
import type { PlayerQuest } from '@coinfall/shared/contracts/retention';
import { formatMessage, useLocalizedPath } from '../../../i18n/i18n.tsx';
import { buttonClass } from '../../../ui/button.ts';
import { LiveMessage } from '../../../ui/live-message.tsx';
import { useActivateQuest } from '../api/quests.api';
import type { RetentionTextsApi } from '../hooks/use-retention-texts';
import { questProgress, questStateKey } from '../retention.fns';
import { TaskBar } from './task-bar';

export type QuestsContent = ContentDocument<'quests'>;

/**
 * One quest: its state, what is left of its time, its tasks as bars, its reward, and what can
 * be done: activate a manual quest (spec §4 state 1), play an activated one.
 */
export function QuestCard({
  quest,
  content,
  texts,
  now,
  headingLevel = 'h4',
}: {
  quest: PlayerQuest;
  content: QuestsContent;
  texts: RetentionTextsApi;
  now: number;
  headingLevel?: 'h4' | 'h5';
}) {
  const { t, text, spanUntil, reward } = texts;
  const localize = useLocalizedPath();
  const activate = useActivateQuest();
  const [message, setMessage] = useState<{ text: string; tone: 'info' | 'error' }>();
  const state = content.states[questStateKey(quest.state)];
  const progress = questProgress(quest);
  const left = spanUntil(quest.endAt, now);
  const open = quest.state === QUEST_STATE.Manual || quest.state === QUEST_STATE.Activated;
  const Heading = headingLevel;
  const nameId = `quest-${quest.id}-name`;

  const onActivate = () => {
    setMessage(undefined);
    activate.mutate(quest.id, {
      onSuccess: () => setMessage({ text: t.activated, tone: 'info' }),
      onError: () => setMessage({ text: t.activateFailed, tone: 'error' }),
    });
  };

  return (
    <article
      aria-labelledby={nameId}
      data-testid="quest"
      data-state={quest.state}
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2/40 p-4"
    >
      <div className="flex items-start gap-3">
        {quest.image ? (
          <img src={quest.image} alt="" className="size-12 shrink-0 rounded-lg object-cover" />
        ) : null}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <Heading id={nameId} className="font-semibold text-text">
              {text(quest.name)}
            </Heading>
            <span
              data-testid="quest-state"
              className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold text-text"
            >
              {state?.label}
            </span>
          </div>
          <p className="mt-1 text-sm text-text-muted">{text(quest.description)}</p>
        </div>
      </div>
      {open ? (
        <p className="text-xs text-text-muted">
          {quest.endAt === null
            ? null
            : left === null
              ? content.labels.ended
              : formatMessage(content.labels.endsIn, { time: left })}
          {quest.endAt !== null ? ' · ' : null}
          {formatMessage(content.labels.progress, progress)}
        </p>
      ) : null}
      {quest.tasks.length > 0 ? (
        <div>
          <p className="mb-2 text-xs font-semibold tracking-wider text-text-muted uppercase">
            {content.labels.tasks}
          </p>
          <ul className="flex flex-col gap-3">
            {quest.tasks.map((task) => (
              <TaskBar key={task.id} task={task} texts={texts} />
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-sm" data-testid="quest-reward">
        <span className="text-text-muted">{content.labels.reward}: </span>
        <span className="font-semibold text-text">{reward(quest.reward)}</span>
      </p>
      {state?.description ? <p className="text-xs text-text-muted">{state.description}</p> : null}
      {quest.state === QUEST_STATE.Manual ? (
        <div>
          <button
            type="button"
            className={buttonClass('primary', 'sm')}
            disabled={activate.isPending}
            aria-describedby={nameId}
            onClick={onActivate}
          >
            {activate.isPending ? t.activating : (content.states.manual?.action ?? t.activating)}
          </button>
        </div>
      ) : null}
      {quest.state === QUEST_STATE.Activated && content.states.activated?.action ? (
        <div>
          <Link to={localize('/games')} className={buttonClass('outline', 'sm')}>
            {content.states.activated.action}
          </Link>
        </div>
      ) : null}
      {message ? <LiveMessage text={message.text} tone={message.tone} /> : null}
    </article>
  );
}
