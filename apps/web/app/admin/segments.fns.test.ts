import { segmentConditionSchema, type SegmentCondition } from '@coinfall/shared/contracts/segments';
import {
  CONDITION_FIELDS,
  blankDraft,
  conditionOfDraft,
  countriesOf,
  describeRule,
  draftOf,
  previewOfDrafts,
  recheckPercent,
  segmentStateText,
} from './segments.fns';

describe('describeRule', () => {
  it('reads a rule as its conditions joined, a flag segment as a flag', () => {
    expect(describeRule(null)).toBe('Flag (set by the code that decides it)');
    expect(
      describeRule([
        { kind: 'inactive', days: 30 },
        { kind: 'country', in: ['US', 'CA'] },
      ]),
    ).toBe('no sign-in for 30 days and country is US, CA');
    expect(describeRule([{ kind: 'loyaltyLevel', atLeast: 4 }])).toBe('loyalty level 4 or higher');
  });
});

describe('the condition builder', () => {
  it('offers every kind of the contract once, and a blank of each is a valid condition', () => {
    const kinds = CONDITION_FIELDS.map((f) => f.kind).sort();
    expect(kinds).toEqual(
      segmentConditionSchema.options.map((o) => o.shape.kind.value as string).sort(),
    );
    for (const { kind } of CONDITION_FIELDS)
      expect(segmentConditionSchema.safeParse(conditionOfDraft(blankDraft(kind))).success).toBe(
        true,
      );
  });

  it('round-trips a saved condition through the editor', () => {
    const saved: SegmentCondition[] = [
      { kind: 'new', days: 7 },
      { kind: 'inactive', days: 30 },
      { kind: 'loyaltyLevel', atLeast: 4 },
      { kind: 'country', in: ['US', 'CA'] },
      { kind: 'w9Received' },
    ];
    expect(saved.map((c) => conditionOfDraft(draftOf(c)))).toEqual(saved);
  });

  it('sends a value it cannot read as typed, so the server names the field', () => {
    expect(conditionOfDraft({ kind: 'new', value: 'seven' })).toEqual({
      kind: 'new',
      days: 'seven',
    });
    expect(conditionOfDraft({ kind: 'loyaltyLevel', value: ' 3 ' })).toEqual({
      kind: 'loyaltyLevel',
      atLeast: 3,
    });
    expect(countriesOf(' us, ca;mx  ')).toEqual(['US', 'CA', 'MX']);
  });

  it('previews the rule in words, saying which conditions are incomplete', () => {
    expect(previewOfDrafts([])).toBe('No condition yet: add at least one.');
    expect(
      previewOfDrafts([
        { kind: 'purchaser', value: '' },
        { kind: 'country', value: 'us ca' },
      ]),
    ).toBe('has a completed purchase and country is US, CA');
    expect(previewOfDrafts([{ kind: 'inactive', value: '' }])).toBe('No sign-in (incomplete)');
  });
});

describe('recheckPercent and segmentStateText', () => {
  const at = '2026-11-28T00:00:00.000Z';
  it('caps the percent at 100 and answers 0 with no players', () => {
    expect(recheckPercent({ checked: 1, total: 3 })).toBe(33);
    expect(recheckPercent({ checked: 5, total: 4 })).toBe(100);
    expect(recheckPercent({ checked: 0, total: 0 })).toBe(0);
  });
  it('says current, re-checking with its percent, or retired', () => {
    const progress = { checked: 50, total: 200 };
    expect(segmentStateText({ state: 'current', progress, retiredAt: null })).toBe('Current');
    expect(segmentStateText({ state: 're-checking', progress, retiredAt: null })).toBe(
      'Re-checking 25%',
    );
    expect(segmentStateText({ state: 'current', progress, retiredAt: at })).toBe('Retired');
    expect(segmentStateText({ state: 're-checking', progress, retiredAt: at })).toBe(
      'Retired (members leaving, re-checking 25%)',
    );
  });
});
