import { useId, useRef, useState, type Ref } from 'react';
import { formatMessage, useMessages } from '../../../i18n/i18n';
import { supportMessages } from '../../../i18n/messages/support';
import { buttonClass } from '../../../ui/button';
import { attachmentProblem, formatBytes, SUPPORT_LIMITS } from '../support-chat.fns';

export interface Upload {
  name: string;
  percent: number;
}

/**
 * The reply box: Enter sends, Shift+Enter starts a new line; the file is checked (type, size)
 * before any byte is uploaded, and the upload shows its progress.
 */
export function Composer({
  inputRef,
  onSend,
  onAttach,
  onTyping,
  upload,
}: {
  inputRef: Ref<HTMLTextAreaElement>;
  onSend: (text: string) => void;
  onAttach: (file: File) => void;
  onTyping: () => void;
  upload: Upload | undefined;
}) {
  const t = useMessages(supportMessages);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const problemId = useId();
  const tooLong = text.length > SUPPORT_LIMITS.textMaxLength;

  const send = () => {
    const trimmed = text.trim();
    if (!trimmed || tooLong) return;
    onSend(trimmed);
    setText('');
    setProblem('');
  };

  const pick = (file: File | undefined) => {
    if (!file) return;
    const found = attachmentProblem(file);
    if (found === 'too-large')
      setProblem(
        formatMessage(t.attachTooLarge, {
          name: file.name,
          max: formatBytes(SUPPORT_LIMITS.attachmentMaxBytes),
        }),
      );
    else if (found === 'wrong-type')
      setProblem(formatMessage(t.attachWrongType, { name: file.name }));
    else if (found === 'empty') setProblem(formatMessage(t.attachEmpty, { name: file.name }));
    else {
      setProblem('');
      onAttach(file);
    }
  };

  const shownProblem = tooLong
    ? formatMessage(t.tooLong, { max: SUPPORT_LIMITS.textMaxLength })
    : problem;

  return (
    <form
      className="border-t border-border p-2"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {upload ? (
        <div className="mb-2 text-xs text-text-muted">
          <label>
            {formatMessage(t.uploading, { name: upload.name, percent: upload.percent })}
            <progress className="mt-1 block h-1.5 w-full" max={100} value={upload.percent} />
          </label>
        </div>
      ) : null}
      <p id={problemId} role="alert" className="mb-1 text-xs text-danger empty:hidden">
        {shownProblem}
      </p>
      <div className="flex items-end gap-2">
        <button
          type="button"
          className={buttonClass('ghost', 'icon', 'shrink-0')}
          aria-label={t.attach}
          title={t.attach}
          disabled={upload !== undefined}
          onClick={() => fileInput.current?.click()}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M21 12.5 12.5 21a5 5 0 0 1-7-7L14 5.5a3.5 3.5 0 0 1 5 5L10.5 19a2 2 0 0 1-3-3L15 8.5" />
          </svg>
        </button>
        <input
          ref={fileInput}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          accept={SUPPORT_LIMITS.attachmentTypes.join(',')}
          data-testid="support-file"
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <label htmlFor={textId} className="sr-only">
          {t.messageLabel}
        </label>
        <textarea
          id={textId}
          ref={inputRef}
          rows={2}
          value={text}
          placeholder={t.placeholder}
          aria-invalid={tooLong || undefined}
          aria-describedby={shownProblem ? problemId : undefined}
          className="min-h-11 flex-1 resize-none rounded-xl border border-border bg-surface-2 px-3 py-2 text-sm text-text"
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value) onTyping();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            }
          }}
        />
        <button
          type="submit"
          className={buttonClass('primary', 'sm', 'shrink-0')}
          disabled={!text.trim() || tooLong}
        >
          {t.send}
        </button>
      </div>
    </form>
  );
}
