import fc from 'fast-check';
import { QuestState, questFlags, type QuestStateValue } from '@coinfall/shared';
import {
  countsProgress,
  initialQuestState,
  packageStateOf,
  questTransition,
  type QuestTransition,
} from './quest-state.fns.ts';

const { Manual, Activated, Completed, Awarded, NotAccessible, NotAccessibleExpired } = QuestState;
const ALL: QuestStateValue[] = [1, 2, 3, 4, 5, 6];
const TRANSITIONS: QuestTransition[] = ['open', 'activate', 'complete', 'award', 'expire'];

describe('quest state machine (spec §4, decision 028)', () => {
  it('allows exactly the documented transitions', () => {
    const allowed: Record<string, QuestStateValue> = {
      'open 5 manual': Manual,
      'open 5 auto': Activated,
      'activate 1 manual': Activated,
      'activate 1 auto': Activated,
      'complete 2 manual': Completed,
      'complete 2 auto': Completed,
      'award 3 manual': Awarded,
      'award 3 auto': Awarded,
      'expire 1 manual': NotAccessibleExpired,
      'expire 1 auto': NotAccessibleExpired,
      'expire 2 manual': NotAccessibleExpired,
      'expire 2 auto': NotAccessibleExpired,
      'expire 5 manual': NotAccessibleExpired,
      'expire 5 auto': NotAccessibleExpired,
    };
    for (const tr of TRANSITIONS) {
      for (const state of ALL) {
        for (const activation of ['manual', 'auto'] as const) {
          const key = `${tr} ${state} ${activation}`;
          expect(questTransition(state, tr, activation), key).toBe(allowed[key] ?? null);
        }
      }
    }
  });

  it('never leaves awarded (4) or ended (6), whatever comes', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TRANSITIONS)), (seq) => {
        for (const start of [Awarded, NotAccessibleExpired] as QuestStateValue[]) {
          let s = start;
          for (const tr of seq) s = questTransition(s, tr, 'auto') ?? s;
          expect(s).toBe(start);
        }
      }),
    );
  });

  it('starts chain steps after the first locked, others by activation', () => {
    expect(initialQuestState('auto', null)).toBe(Activated);
    expect(initialQuestState('manual', null)).toBe(Manual);
    expect(initialQuestState('manual', 1)).toBe(Manual);
    expect(initialQuestState('auto', 2)).toBe(NotAccessible);
    expect(ALL.filter(countsProgress)).toEqual([Activated]);
  });

  it('derives the flags of spec §3', () => {
    expect(questFlags(Manual)).toMatchObject({ isManual: true, isActivated: false });
    expect(questFlags(Completed)).toMatchObject({ isCompleted: true, isAwarded: false });
    expect(questFlags(Awarded)).toMatchObject({ isCompleted: true, isAwarded: true });
    expect(questFlags(NotAccessible).isNotAccessible).toBe(true);
    expect(questFlags(NotAccessibleExpired).isNotAccessible).toBe(true);
  });

  it('a chain is completed when every step is, ended when one ended', () => {
    const s = (...states: number[]) => states.map((state) => ({ state }));
    expect(packageStateOf(Activated, s(4, 2, 5))).toBe(Activated);
    expect(packageStateOf(Activated, s(4, 4, 3))).toBe(Completed);
    expect(packageStateOf(Activated, s(4, 6, 5))).toBe(NotAccessibleExpired);
    expect(packageStateOf(Awarded, s(4, 4, 4))).toBe(Awarded);
  });
});
