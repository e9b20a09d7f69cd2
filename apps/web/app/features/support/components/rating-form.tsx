import { useId, useState } from 'react';
import { formatMessage, useMessages } from '../../../i18n/i18n';
import { supportMessages } from '../../../i18n/messages/support';
import { buttonClass } from '../../../ui/button';
import { postRating } from '../api/support';
import { SUPPORT_LIMITS } from '../support-chat.fns';

const SCORES = [1, 2, 3, 4, 5] as const;

/** The satisfaction rating asked once a conversation is closed (issue 18): 1..5 and a comment. */
export function RatingForm({
  conversationId,
  onRated,
}: {
  conversationId: string;
  onRated: () => void;
}) {
  const t = useMessages(supportMessages);
  const [score, setScore] = useState<number | undefined>(undefined);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'failed'>('idle');
  const commentId = useId();

  if (state === 'done')
    return (
      <p role="status" className="px-3 py-2 text-sm text-success">
        {t.rateThanks}
      </p>
    );

  return (
    <form
      className="border-t border-border px-3 py-2"
      data-testid="support-rating"
      onSubmit={(event) => {
        event.preventDefault();
        if (!score) return;
        setState('sending');
        postRating(conversationId, score, comment)
          .then(() => {
            setState('done');
            onRated();
          })
          .catch(() => setState('failed'));
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-text">{t.rateTitle}</legend>
        <div className="mt-1 flex gap-1">
          {SCORES.map((value) => (
            <label key={value} className="cursor-pointer">
              <input
                type="radio"
                name={`rating-${conversationId}`}
                value={value}
                checked={score === value}
                onChange={() => setScore(value)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={`block text-2xl leading-none peer-focus-visible:outline-2 ${score !== undefined && value <= score ? 'text-accent' : 'text-text-muted'}`}
              >
                ★
              </span>
              <span className="sr-only">{formatMessage(t.rateScore, { score: value })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={commentId} className="mt-2 block text-xs text-text-muted">
        {t.rateComment}
      </label>
      <input
        id={commentId}
        value={comment}
        maxLength={SUPPORT_LIMITS.ratingCommentMaxLength}
        onChange={(event) => setComment(event.target.value)}
        className="mt-1 h-9 w-full rounded-lg border border-border bg-surface-2 px-2 text-sm text-text"
      />
      {state === 'failed' ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          {t.rateFailed}
        </p>
      ) : null}
      <button
        type="submit"
        className={buttonClass('outline', 'sm', 'mt-2')}
        disabled={!score || state === 'sending'}
      >
        {t.rateSend}
      </button>
    </form>
  );
}
