/** A polite live region for the outcome of an action ("The session has been closed"). */
export function LiveMessage({ text, tone = 'info' }: { text: string; tone?: 'info' | 'error' }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`text-sm empty:hidden ${tone === 'error' ? 'text-danger' : 'text-success'}`}
    >
      {text}
    </p>
  );
}
