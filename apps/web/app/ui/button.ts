/** Button looks shared by <button> and <Link>; focus rings come from the base layer in app.css. */
const BASE =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-xl font-semibold transition-colors disabled:opacity-50 disabled:pointer-events-none';
const VARIANTS = {
  primary:
    'bg-primary text-on-primary hover:bg-primary-strong shadow-[0_6px_20px_-8px_var(--cf-primary)]',
  accent: 'bg-accent text-on-accent hover:bg-accent-strong',
  ghost: 'text-text hover:bg-surface-2',
  outline: 'border border-border-strong text-text hover:bg-surface-2',
} as const;
const SIZES = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
} as const;

export function buttonClass(
  variant: keyof typeof VARIANTS = 'primary',
  size: keyof typeof SIZES = 'md',
  extra = '',
): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${extra}`.trim();
}
