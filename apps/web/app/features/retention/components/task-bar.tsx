import type { QuestTask } from '@coinfall/shared/contracts/retention';
import { formatMessage } from '../../../i18n/i18n.tsx';
import type { RetentionTextsApi } from '../hooks/use-retention-texts';
import { taskPercent } from '../retention.fns';

/**
 * One task as a bar: a progressbar with its value and a text equivalent (aria-valuetext),
 * shown beside it too. Money tasks (wager, win) count minor units of their currency.
 */
export function TaskBar({ task, texts }: { task: QuestTask; texts: RetentionTextsApi }) {
  const { t, text, format, number } = texts;
  const amount = (value: number) =>
    task.currency && (task.kind === 'wager' || task.kind === 'win')
      ? format(value, task.currency)
      : number(value);
  const shown = Math.min(task.progress, task.target);
  const valueText = formatMessage(t.taskProgress, {
    progress: amount(shown),
    target: amount(task.target),
  });
  const name = text(task.name);
  return (
    <li
      className="flex flex-col gap-1.5"
      data-testid="quest-task"
      data-kind={task.kind}
      data-done={task.isCompleted}
    >
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className={task.isCompleted ? 'text-text-muted line-through' : 'text-text'}>
          {name}
        </span>
        <span aria-hidden className="shrink-0 text-xs text-text-muted tabular-nums">
          {valueText}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={task.target}
        aria-valuenow={shown}
        aria-valuetext={valueText}
        className="h-2 overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-500 ${task.isCompleted ? 'bg-success' : 'bg-accent'}`}
          style={{ width: `${taskPercent(task)}%` }}
        />
      </div>
    </li>
  );
}
