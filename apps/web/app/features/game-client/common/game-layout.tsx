import { FitStage } from './fit-stage';

/**
 * Every game's frame of mind at 360 px and up, in the height the frame gives it: the stage (the
 * board, the wheel, the cards) above the controls on a phone, the controls in a side column from
 * `md` on. The stage takes the room left and its board scales to it (FitStage), so the board and
 * the action button are on screen together.
 */
export function GameLayout({
  stage,
  controls,
}: {
  stage: React.ReactNode;
  controls: React.ReactNode;
}) {
  return (
    <div className="flex h-full min-h-0 flex-col gap-2 md:flex-row-reverse md:gap-3">
      <div className="flex min-h-0 min-w-0 flex-1 flex-col rounded-2xl border border-border bg-surface p-2 sm:p-3">
        <FitStage>{stage}</FitStage>
      </div>
      <div className="flex w-full shrink-0 flex-col gap-2 rounded-2xl border border-border bg-surface p-2 sm:p-3 md:max-h-full md:w-72 md:gap-3 md:self-start md:overflow-y-auto">
        {controls}
      </div>
    </div>
  );
}

/** A labelled segmented choice (over/under, risk) as radio buttons: keyboard and reader friendly. */
export function SegmentedChoice<T extends string | number>({
  label,
  name,
  options,
  value,
  onChange,
  disabled,
}: {
  label: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-1" disabled={disabled}>
      <legend className="mb-1 text-xs font-semibold text-text-muted">{label}</legend>
      <div className="flex flex-wrap gap-1">
        {options.map((option) => (
          <label
            key={String(option.value)}
            className="flex-1 cursor-pointer rounded-xl border border-border-strong px-2 py-2 text-center text-sm font-semibold text-text has-checked:border-accent has-checked:bg-accent has-checked:text-on-accent has-focus-visible:outline-2 has-focus-visible:outline-[var(--cf-focus)]"
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A control of the game's panel under its label; the label names it for screen readers. */
export function ControlField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-xs font-semibold text-text-muted">
      {label}
      {children}
    </label>
  );
}

/** A choice among a few numbers (plinko rows, mines on the board). */
export function NumberSelect({
  label,
  value,
  choices,
  onChange,
  disabled,
}: {
  label: string;
  value: number;
  choices: readonly number[];
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  return (
    <ControlField label={label}>
      <select
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-9 rounded-xl border border-border-strong bg-surface-2 px-2 text-sm text-text"
      >
        {choices.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </ControlField>
  );
}
