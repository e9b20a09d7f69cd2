import fc from 'fast-check';
import { SUPPORT_TEXT_MAX } from '@coinfall/shared';
import {
  attachmentName,
  chooseAgent,
  freeCapacity,
  planAssignments,
  displayNameFromEmail,
  isPlayerAway,
  PLAYER_AWAY_AFTER_MS,
  sanitiseText,
  textRefusal,
  typingAllowed,
  type AgentLoad,
} from './support.fns.ts';

const ROOMY = 100;
const agent = (over: Partial<AgentLoad>): AgentLoad => ({
  staffId: 'a',
  presence: 'online',
  openConversations: 0,
  lastAssignedAt: null,
  ...over,
});

describe('chooseAgent', () => {
  it('picks the online agent with the fewest open conversations', () => {
    expect(
      chooseAgent(
        [
          agent({ staffId: 'busy', openConversations: 3 }),
          agent({ staffId: 'free', openConversations: 1 }),
          agent({ staffId: 'away', presence: 'away', openConversations: 0 }),
        ],
        ROOMY,
      ),
    ).toBe('free');
  });

  it('breaks ties by the longest idle, never-assigned first', () => {
    expect(
      chooseAgent(
        [
          agent({ staffId: 'recent', lastAssignedAt: new Date(2000) }),
          agent({ staffId: 'older', lastAssignedAt: new Date(1000) }),
        ],
        ROOMY,
      ),
    ).toBe('older');
    expect(
      chooseAgent(
        [agent({ staffId: 'x', lastAssignedAt: new Date(1) }), agent({ staffId: 'y' })],
        ROOMY,
      ),
    ).toBe('y');
  });

  it('leaves the conversation waiting when nobody is online', () => {
    expect(chooseAgent([agent({ presence: 'away' })], ROOMY)).toBeNull();
    expect(chooseAgent([], ROOMY)).toBeNull();
  });

  it('never picks an agent busier than another online one, whatever the order', () => {
    const loads = fc.array(
      fc.record({
        staffId: fc.uuid(),
        presence: fc.constantFrom('online' as const, 'away' as const),
        openConversations: fc.nat(20),
        lastAssignedAt: fc.option(fc.date({ noInvalidDate: true }), { nil: null }),
      }),
    );
    fc.assert(
      fc.property(loads, (agents) => {
        const chosen = agents.find((a) => a.staffId === chooseAgent(agents, ROOMY));
        const online = agents.filter((a) => a.presence === 'online');
        if (online.length === 0) return chooseAgent(agents, ROOMY) === null;
        return online.every((a) => a.openConversations >= chosen!.openConversations);
      }),
    );
  });

  it('passes over an online agent at capacity', () => {
    const idle = agent({ staffId: 'idle', openConversations: 3 });
    const busier = agent({ staffId: 'busier', openConversations: 4 });
    expect(chooseAgent([idle, busier], 4)).toBe('idle');
    expect(chooseAgent([idle, busier], 3)).toBeNull();
  });
});

describe('planAssignments', () => {
  const at = new Date(5000);

  it('hands the longest waiting out first, spreading them, up to every agent’s capacity', () => {
    const plan = planAssignments(
      [
        agent({ staffId: 'a', openConversations: 1 }),
        agent({ staffId: 'b', lastAssignedAt: new Date(1000) }),
        agent({ staffId: 'off', presence: 'away' }),
      ],
      ['w1', 'w2', 'w3', 'w4', 'w5'],
      2,
      at,
    );
    expect(plan).toEqual([
      { conversationId: 'w1', staffId: 'b' },
      { conversationId: 'w2', staffId: 'a' },
      { conversationId: 'w3', staffId: 'b' },
    ]);
  });

  it('never gives an agent more than capacity, nor a conversation twice', () => {
    const loads = fc.array(
      fc.record({
        staffId: fc.uuid(),
        presence: fc.constantFrom('online' as const, 'away' as const),
        openConversations: fc.nat(6),
        lastAssignedAt: fc.option(fc.date({ noInvalidDate: true }), { nil: null }),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(loads, fc.nat(30), fc.integer({ min: 1, max: 6 }), (agents, n, capacity) => {
        const waiting = Array.from({ length: n }, (_, i) => `w${i}`);
        const plan = planAssignments(agents, waiting, capacity, at);
        const ids = plan.map((p) => p.conversationId);
        if (new Set(ids).size !== ids.length) return false;
        // The longest waiting first: the plan is a prefix of the queue.
        if (ids.some((id, i) => id !== waiting[i])) return false;
        if (plan.length !== Math.min(n, freeCapacity(agents, capacity))) return false;
        return agents.every(
          (a) =>
            plan.filter((p) => p.staffId === a.staffId).length === 0 ||
            (a.presence === 'online' &&
              a.openConversations + plan.filter((p) => p.staffId === a.staffId).length <= capacity),
        );
      }),
    );
  });
});

describe('sanitiseText', () => {
  it('removes controls and bidi overrides, keeps newlines, trims', () => {
    expect(sanitiseText('  hi\u0000 there\r\nline\u202e2\u0007 ')).toBe('hi there\nline2');
    expect(sanitiseText('a\n\n\n\n\n\nb')).toBe('a\n\n\nb');
  });

  it('replaces half an emoji by U+FFFD and keeps whole ones', () => {
    expect(sanitiseText('a\ud800b \ude00 \ud83d\ude00')).toBe('a\ufffdb \ufffd \ud83d\ude00');
  });

  it('keeps markup as typed: messages are plain text, never rendered as HTML', () => {
    expect(sanitiseText('<b>bold</b>')).toBe('<b>bold</b>');
  });

  it('never leaves a control character but newline and tab, over every code point to U+2100', () => {
    const every = Array.from({ length: 0x2100 }, (_, c) => String.fromCharCode(c)).join('x');
    // eslint-disable-next-line no-control-regex
    expect(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/.test(sanitiseText(every))).toBe(
      false,
    );
  });
});

describe('textRefusal', () => {
  it('wants 1..max characters, or none beside an attachment', () => {
    expect(textRefusal('')).toBe('Write a message');
    expect(textRefusal('', { allowEmpty: true })).toBeNull();
    expect(textRefusal('x'.repeat(SUPPORT_TEXT_MAX))).toBeNull();
    expect(textRefusal('x'.repeat(SUPPORT_TEXT_MAX + 1))).toMatch(/At most/);
  });
});

describe('attachmentName', () => {
  it('keeps a clean base name and the extension of the detected type', () => {
    expect(attachmentName('C:\\Users\\me\\receipt (1).exe', 'image/png')).toBe('receipt 1.png');
    expect(attachmentName('../../.hidden', 'application/pdf')).toBe('attachment.pdf');
    expect(attachmentName(undefined, 'image/jpeg')).toBe('attachment.jpg');
  });
});

describe('timing rules', () => {
  it('passes a typing signal on at most every throttle interval', () => {
    expect(typingAllowed(undefined, 0)).toBe(true);
    expect(typingAllowed(1000, 2000)).toBe(false);
    expect(typingAllowed(1000, 3000)).toBe(true);
  });

  it('counts a player as away after a minute without using the chat', () => {
    expect(isPlayerAway(null, 0)).toBe(true);
    expect(isPlayerAway(new Date(0), PLAYER_AWAY_AFTER_MS - 1)).toBe(false);
    expect(isPlayerAway(new Date(0), PLAYER_AWAY_AFTER_MS)).toBe(true);
  });
});

describe('displayNameFromEmail', () => {
  it('shows a first name, never the address', () => {
    expect(displayNameFromEmail('anna.smith@staff.example.com')).toBe('Anna');
    expect(displayNameFromEmail('@x')).toBe('Support');
  });
});
