import { describe, expect, it } from 'vitest';
import {
  applyReadReceipt,
  attachmentProblem,
  formatWait,
  groupMessages,
  lastSeenOwnId,
  mergeMessages,
  newestUnreadId,
  unreadCount,
  type ChatMessageLike,
} from './support-chat.fns';

const at = (minute: number, second = 0) =>
  new Date(Date.UTC(2026, 10, 27, 12, minute, second)).toISOString();

function message(
  id: string,
  author: ChatMessageLike['author'],
  minute: number,
  extra: Partial<ChatMessageLike> = {},
): ChatMessageLike {
  return {
    id,
    author,
    authorName: author === 'agent' ? 'Dana' : null,
    createdAt: at(minute),
    ...extra,
  };
}

describe('mergeMessages', () => {
  it('keeps each id once, oldest first, whatever order they arrive in', () => {
    const merged = mergeMessages(
      [message('b', 'agent', 2), message('a', 'player', 1)],
      [message('c', 'player', 3), message('a', 'player', 1)],
    );
    expect(merged.map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('does not lose a read receipt when an older copy arrives again', () => {
    const read = message('a', 'player', 1, { readByAgentAt: at(2) });
    const merged = mergeMessages([read], [message('a', 'player', 1, { readByAgentAt: null })]);
    expect(merged[0]?.readByAgentAt).toBe(at(2));
  });
});

describe('groupMessages', () => {
  it('groups consecutive messages of one author within five minutes', () => {
    const groups = groupMessages([
      message('1', 'player', 0),
      message('2', 'player', 3),
      message('3', 'agent', 4),
      message('4', 'agent', 5),
      message('5', 'agent', 11),
    ]);
    expect(groups.map((g) => g.messages.map((m) => m.id))).toEqual([['1', '2'], ['3', '4'], ['5']]);
  });

  it('keeps internal notes apart from the replies around them', () => {
    const groups = groupMessages([
      message('1', 'agent', 0),
      message('2', 'agent', 0, { internal: true }),
      message('3', 'agent', 0),
    ]);
    expect(groups.map((g) => g.internal)).toEqual([false, true, false]);
  });

  it('starts a new group when another agent answers', () => {
    const groups = groupMessages([
      message('1', 'agent', 0),
      message('2', 'agent', 1, { authorName: 'Lee' }),
    ]);
    expect(groups).toHaveLength(2);
  });
});

describe('unread counting and receipts', () => {
  const messages = [
    message('1', 'player', 0, { readByAgentAt: at(1) }),
    message('2', 'agent', 1, { readByPlayerAt: at(2) }),
    message('3', 'agent', 3),
    message('4', 'system', 4),
    message('5', 'player', 5),
    message('6', 'agent', 6, { internal: true }),
  ];

  it('counts the other side’s messages without the viewer’s receipt, never internal notes', () => {
    expect(unreadCount(messages, 'player')).toBe(2);
    expect(unreadCount(messages, 'agent')).toBe(1);
  });

  it('names the newest message to acknowledge', () => {
    expect(newestUnreadId(messages, 'player')).toBe('4');
    expect(newestUnreadId(messages, 'agent')).toBe('5');
    expect(
      newestUnreadId(applyReadReceipt(messages, '5', 'agent', at(7)), 'agent'),
    ).toBeUndefined();
  });

  it('marks the other side’s messages read up to the receipt’s message only', () => {
    const after = applyReadReceipt(messages, '3', 'player', at(8));
    expect(after.map((m) => m.readByPlayerAt ?? null)).toEqual([
      null,
      at(2),
      at(8),
      null,
      null,
      null,
    ]);
    expect(unreadCount(after, 'player')).toBe(1);
  });

  it('ignores a receipt for a message it does not hold', () => {
    expect(applyReadReceipt(messages, 'zz', 'player', at(9))).toEqual(messages);
  });

  it('shows "seen" under the newest own message the other side has read', () => {
    expect(lastSeenOwnId(messages, 'player')).toBe('1');
    expect(lastSeenOwnId(messages, 'agent')).toBe('2');
  });
});

describe('attachmentProblem', () => {
  it('accepts images and PDFs up to 5 MB', () => {
    expect(attachmentProblem({ size: 5 * 1024 * 1024, type: 'application/pdf' })).toBeUndefined();
    expect(attachmentProblem({ size: 10, type: 'image/webp' })).toBeUndefined();
  });

  it('refuses a larger file, another type or an empty one before uploading', () => {
    expect(attachmentProblem({ size: 5 * 1024 * 1024 + 1, type: 'image/png' })).toBe('too-large');
    expect(attachmentProblem({ size: 10, type: 'image/svg+xml' })).toBe('wrong-type');
    expect(attachmentProblem({ size: 0, type: 'image/png' })).toBe('empty');
  });
});

describe('formatWait', () => {
  it('shows minutes and seconds, hours when it gets that long', () => {
    expect(formatWait(42_000)).toBe('0:42');
    expect(formatWait(725_000)).toBe('12:05');
    expect(formatWait(3_800_000)).toBe('1:03:20');
    expect(formatWait(-5)).toBe('0:00');
  });
});
