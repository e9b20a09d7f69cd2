import { Icon } from './icon';

/** What a section shows before its feature brings data: an honest line about what will appear. */
export function EmptyState({
  text,
  icon = 'empty',
  children,
}: {
  text: string;
  icon?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-border-strong bg-surface/60 px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-surface-2 text-accent">
        <Icon name={icon} className="size-6" />
      </span>
      <p className="max-w-md text-sm text-text-muted">{text}</p>
      {children}
    </div>
  );
}
