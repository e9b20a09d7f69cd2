import fc from 'fast-check';
import { segmentRuleSchema } from '@coinfall/shared';
import {
  conditionHolds,
  matchingSegmentIds,
  membershipChanges,
  mergedSegmentIds,
  segmentEditable,
  segmentPageChanges,
  type PlayerFacts,
} from './segments.fns.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-27T12:00:00Z');
const facts = (over: Partial<PlayerFacts> = {}): PlayerFacts => ({
  registeredAt: new Date(now.getTime() - 100 * DAY),
  lastSignInAt: new Date(now.getTime() - DAY),
  hasSettledPurchase: false,
  isTester: false,
  w9Required: false,
  w9Received: false,
  loyaltyLevel: 0,
  country: 'US',
  ...over,
});

describe('conditionHolds', () => {
  it('reads the flags as they are', () => {
    expect(conditionHolds({ kind: 'purchaser' }, facts({ hasSettledPurchase: true }), now)).toBe(
      true,
    );
    expect(conditionHolds({ kind: 'purchaser' }, facts(), now)).toBe(false);
    expect(conditionHolds({ kind: 'testUser' }, facts({ isTester: true }), now)).toBe(true);
    expect(conditionHolds({ kind: 'w9Required' }, facts({ w9Required: true }), now)).toBe(true);
    expect(conditionHolds({ kind: 'w9Received' }, facts(), now)).toBe(false);
  });

  it('new: registered less than N days ago, not on the Nth day', () => {
    const c = { kind: 'new', days: 7 } as const;
    expect(conditionHolds(c, facts({ registeredAt: new Date(now.getTime() - 6 * DAY) }), now)).toBe(
      true,
    );
    expect(conditionHolds(c, facts({ registeredAt: new Date(now.getTime() - 7 * DAY) }), now)).toBe(
      false,
    );
  });

  it('inactive: N days without a sign-in, counted from registration when there was none', () => {
    const c = { kind: 'inactive', days: 30 } as const;
    expect(
      conditionHolds(c, facts({ lastSignInAt: new Date(now.getTime() - 30 * DAY) }), now),
    ).toBe(true);
    expect(
      conditionHolds(c, facts({ lastSignInAt: new Date(now.getTime() - 29 * DAY) }), now),
    ).toBe(false);
    expect(conditionHolds(c, facts({ lastSignInAt: null }), now)).toBe(true);
  });

  it('loyaltyLevel and country', () => {
    expect(
      conditionHolds({ kind: 'loyaltyLevel', atLeast: 4 }, facts({ loyaltyLevel: 4 }), now),
    ).toBe(true);
    expect(
      conditionHolds({ kind: 'loyaltyLevel', atLeast: 4 }, facts({ loyaltyLevel: 3 }), now),
    ).toBe(false);
    expect(
      conditionHolds({ kind: 'country', in: ['US', 'CA'] }, facts({ country: 'ca' }), now),
    ).toBe(true);
    expect(conditionHolds({ kind: 'country', in: ['US'] }, facts({ country: null }), now)).toBe(
      false,
    );
  });
});

describe('matchingSegmentIds', () => {
  it('needs every condition of a rule', () => {
    const segments = [
      { id: 9, rule: [{ kind: 'purchaser' as const }, { kind: 'country' as const, in: ['US'] }] },
      { id: 1, rule: [{ kind: 'purchaser' as const }] },
    ];
    expect(matchingSegmentIds(segments, facts({ hasSettledPurchase: true }), now)).toEqual([1, 9]);
    expect(
      matchingSegmentIds(segments, facts({ hasSettledPurchase: true, country: 'MX' }), now),
    ).toEqual([1]);
  });
});

describe('rule schema', () => {
  it('refuses an empty rule and an unknown kind, upper-cases countries', () => {
    expect(segmentRuleSchema.safeParse([]).success).toBe(false);
    expect(segmentRuleSchema.safeParse([{ kind: 'whale' }]).success).toBe(false);
    expect(segmentRuleSchema.parse([{ kind: 'country', in: ['us'] }])).toEqual([
      { kind: 'country', in: ['US'] },
    ]);
  });
});

describe('membership arithmetic (properties)', () => {
  const ids = fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { maxLength: 10 });

  it('applying the changes to the current set gives the wanted set', () => {
    fc.assert(
      fc.property(ids, ids, (current, wanted) => {
        const { join, leave } = membershipChanges(current, wanted);
        const after = [...current.filter((id) => !leave.includes(id)), ...join];
        expect(new Set(after)).toEqual(new Set(wanted));
        expect(join.some((id) => leave.includes(id))).toBe(false);
      }),
    );
  });

  it('merging keeps every flag id, holds exactly the wanted rule ids, and is idempotent', () => {
    fc.assert(
      fc.property(ids, ids, ids, (segmentIds, ruleIds, wantedRaw) => {
        const wanted = wantedRaw.filter((id) => ruleIds.includes(id));
        const merged = mergedSegmentIds(segmentIds, ruleIds, wanted);
        for (const id of segmentIds) if (!ruleIds.includes(id)) expect(merged).toContain(id);
        expect(new Set(merged.filter((id) => ruleIds.includes(id)))).toEqual(new Set(wanted));
        expect(new Set(merged).size).toBe(merged.length);
        expect(mergedSegmentIds(merged, ruleIds, wanted)).toEqual(merged);
      }),
    );
  });
});

describe('segmentEditable', () => {
  it('allows rule segments only, and never a code-owned one', () => {
    expect(segmentEditable({ id: 6, rule: [{ kind: 'purchaser' }] }, [1])).toBe(true);
    expect(segmentEditable({ id: 2, rule: null }, [1])).toBe(false);
    expect(segmentEditable({ id: 1, rule: [{ kind: 'purchaser' }] }, [1])).toBe(false);
    expect(segmentEditable({ id: 6, rule: [{ kind: 'purchaser' }], retiredAt: now }, [1])).toBe(
      false,
    );
  });
});

describe('segmentPageChanges (a re-check page, decision 064)', () => {
  const rule = [{ kind: 'country' as const, in: ['AQ'] }];
  const countries = fc.constantFrom('AQ', 'TV', null);
  const page = fc.uniqueArray(
    fc.record({
      playerId: fc.uuid(),
      country: countries,
      member: fc.boolean(),
      mirrored: fc.boolean(),
    }),
    { selector: (p) => p.playerId, maxLength: 12 },
  );
  it('after the changes, rows and mirror both hold exactly the players the rule wants', () => {
    fc.assert(
      fc.property(page, fc.boolean(), (players, retired) => {
        const input = players.map((p) => ({
          playerId: p.playerId,
          segmentIds: p.mirrored ? [2, 9] : [2],
          facts: facts({ country: p.country }),
        }));
        const members = new Set(players.filter((p) => p.member).map((p) => p.playerId));
        const c = segmentPageChanges(9, retired ? null : rule, input, members, now);
        const rows = new Set([...members].filter((id) => !c.leave.includes(id)).concat(c.join));
        const mirror = new Set(
          players
            .filter(
              (p) =>
                (p.mirrored && !c.mirrorRemove.includes(p.playerId)) ||
                c.mirrorAdd.includes(p.playerId),
            )
            .map((p) => p.playerId),
        );
        const wanted = new Set(
          retired ? [] : players.filter((p) => p.country === 'AQ').map((p) => p.playerId),
        );
        expect(rows).toEqual(wanted);
        expect(mirror).toEqual(wanted);
        // Nothing is written for a player already right.
        for (const p of players) {
          const right = wanted.has(p.playerId) === p.member;
          if (right) expect([...c.join, ...c.leave]).not.toContain(p.playerId);
        }
      }),
    );
  });
});
