import { splitMessageText } from './support-text.fns';

/**
 * A chat message as plain text (issue 18): React escapes every character, and only http(s)
 * addresses become links, opened in a new tab without the opener or the referrer. The console
 * (app/admin) shows messages with this too.
 */
export function MessageText({
  text,
  linkClassName = 'underline',
}: {
  text: string;
  linkClassName?: string;
}) {
  return (
    <span className="break-words whitespace-pre-wrap">
      {splitMessageText(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <a
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClassName}
          >
            {segment.text}
          </a>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </span>
  );
}
