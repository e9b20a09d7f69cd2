import { useState, type InputHTMLAttributes } from 'react';

/**
 * A password input with a show/hide toggle: on a phone keyboard a mistyped password is the
 * commonest reason a sign-up fails, and seeing it is the fix. The button's own words say what
 * it will do next ("Show password" / "Hide password"), for sighted and screen-reader users alike.
 */
export function PasswordInput({
  className,
  showLabel,
  hideLabel,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  showLabel: string;
  hideLabel: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <input {...input} type={shown ? 'text' : 'password'} className={`${className} pr-20`} />
      <button
        type="button"
        aria-controls={input.id}
        onClick={() => setShown((s) => !s)}
        className="absolute top-1/2 right-1.5 mt-0.5 -translate-y-1/2 rounded-md px-2 py-1 text-xs font-semibold text-text-muted hover:bg-surface-2 hover:text-text"
      >
        {shown ? hideLabel : showLabel}
      </button>
    </div>
  );
}
