import type { AdminSegment } from '@coinfall/shared/contracts/segments';
import { recheckPercent } from '../segments.fns';

/** While a re-check runs: how many players it has looked at, as a bar (decision 064). */
export function RecheckProgress({ segment }: { segment: AdminSegment }) {
  if (segment.state !== 're-checking') return null;
  const { checked, total } = segment.progress;
  const percent = recheckPercent(segment.progress);
  const text = `${Math.min(checked, total)} of ${total} players checked`;
  return (
    <div className="mb-4 flex max-w-3xl flex-col gap-2">
      <p className="text-sm text-text-muted">Re-checking every player: {text}.</p>
      <div
        role="progressbar"
        aria-label="Re-checking players"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-3 overflow-hidden rounded-full bg-surface-2"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
