import {
  segmentConditionSchema,
  type SegmentCondition,
  type SegmentRule,
} from '@coinfall/shared/contracts/segments';

/** One condition of a segment rule as staff read it (decision 050). */
export function describeCondition(c: SegmentCondition): string {
  switch (c.kind) {
    case 'purchaser':
      return 'has a completed purchase';
    case 'testUser':
      return 'is a test user';
    case 'w9Required':
      return 'W-9 required';
    case 'w9Received':
      return 'W-9 received';
    case 'new':
      return `registered less than ${c.days} days ago`;
    case 'loyaltyLevel':
      return `loyalty level ${c.atLeast} or higher`;
    case 'inactive':
      return `no sign-in for ${c.days} days`;
    case 'country':
      return `country is ${c.in.join(', ')}`;
  }
}

/** A rule as one line ("a and b"); a flag segment (no rule) says who writes it. */
export function describeRule(rule: SegmentRule | null): string {
  if (!rule) return 'Flag (set by the code that decides it)';
  return rule.map(describeCondition).join(' and ');
}

/** The value a condition's kind takes in the editor: none, a number of days, a level, countries. */
export type ConditionValueKind = 'none' | 'days' | 'level' | 'countries';

/** The editor's fields (a condition's kind), each with its operator in words and its value. */
export const CONDITION_FIELDS: readonly {
  kind: SegmentCondition['kind'];
  label: string;
  operator: string;
  value: ConditionValueKind;
}[] = [
  { kind: 'purchaser', label: 'Purchaser', operator: 'has a completed purchase', value: 'none' },
  { kind: 'testUser', label: 'Test user', operator: 'is in Test users', value: 'none' },
  { kind: 'w9Required', label: 'W-9 required', operator: 'is in W-9 required', value: 'none' },
  { kind: 'w9Received', label: 'W-9 received', operator: 'is in W-9 received', value: 'none' },
  { kind: 'new', label: 'Registered', operator: 'less than N days ago', value: 'days' },
  { kind: 'inactive', label: 'No sign-in', operator: 'for at least N days', value: 'days' },
  {
    kind: 'loyaltyLevel',
    label: 'Loyalty level',
    operator: 'at least (1 = first)',
    value: 'level',
  },
  { kind: 'country', label: 'Country', operator: 'is one of (ISO codes)', value: 'countries' },
];

/** One condition as the editor holds it: the kind and its value as typed. */
export interface ConditionDraft {
  kind: SegmentCondition['kind'];
  value: string;
}

export const fieldOf = (kind: SegmentCondition['kind']) =>
  CONDITION_FIELDS.find((f) => f.kind === kind)!;

/** A fresh condition of `kind` with a sensible value to start from. */
export function blankDraft(kind: SegmentCondition['kind']): ConditionDraft {
  const value = fieldOf(kind).value;
  return {
    kind,
    value: value === 'days' ? '30' : value === 'level' ? '1' : value === 'countries' ? 'US' : '',
  };
}

/** A saved condition back into the editor. */
export function draftOf(c: SegmentCondition): ConditionDraft {
  switch (c.kind) {
    case 'new':
    case 'inactive':
      return { kind: c.kind, value: String(c.days) };
    case 'loyaltyLevel':
      return { kind: c.kind, value: String(c.atLeast) };
    case 'country':
      return { kind: c.kind, value: c.in.join(', ') };
    case 'purchaser':
    case 'testUser':
    case 'w9Required':
    case 'w9Received':
      return { kind: c.kind, value: '' };
  }
}

/** A whole number as typed; anything else stays text, so the server names the field at fault. */
const numberOrText = (text: string): number | string =>
  /^\s*\d+\s*$/.test(text) ? Number(text) : text;

/** "us, ca mx" → ["US", "CA", "MX"]. */
export const countriesOf = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((c) => c.toUpperCase());

/** A draft as the API's condition (unchecked: the server's 400 names what is wrong). */
export function conditionOfDraft(d: ConditionDraft): Record<string, unknown> {
  switch (fieldOf(d.kind).value) {
    case 'days':
      return { kind: d.kind, days: numberOrText(d.value) };
    case 'level':
      return { kind: d.kind, atLeast: numberOrText(d.value) };
    case 'countries':
      return { kind: d.kind, in: countriesOf(d.value) };
    case 'none':
      return { kind: d.kind };
  }
}

/** The rule in words as the editor stands; conditions not yet valid say so. */
export function previewOfDrafts(drafts: readonly ConditionDraft[]): string {
  if (drafts.length === 0) return 'No condition yet: add at least one.';
  return drafts
    .map((d) => {
      const parsed = segmentConditionSchema.safeParse(conditionOfDraft(d));
      return parsed.success
        ? describeCondition(parsed.data)
        : `${fieldOf(d.kind).label} (incomplete)`;
    })
    .join(' and ');
}

/** A re-check's progress as a whole percent, 0–100 (players registered meanwhile cap at 100). */
export function recheckPercent(progress: { checked: number; total: number }): number {
  if (progress.total <= 0) return 0;
  return Math.min(100, Math.floor((progress.checked / progress.total) * 100));
}

/** Where a segment stands, in the list's words (decision 064). */
export function segmentStateText(s: {
  state: 'current' | 're-checking';
  progress: { checked: number; total: number };
  retiredAt: string | null;
}): string {
  const checking = s.state === 're-checking' ? `re-checking ${recheckPercent(s.progress)}%` : '';
  if (s.retiredAt) return checking ? `Retired (members leaving, ${checking})` : 'Retired';
  return checking ? `Re-checking ${recheckPercent(s.progress)}%` : 'Current';
}
