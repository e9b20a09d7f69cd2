import { payoutOf } from '@coinfall/shared/games/engine';
import { SLOT_MACHINES } from '@coinfall/shared/games/slots/index';
import type { SlotMachineDefinition } from '@coinfall/shared/games/slots/slot-machine.types';
import type { SlotSpinView } from '@coinfall/shared/games/slots/slot-engine';

export type { SlotSpinView };

export const REEL_COUNT = 5;
export const ROW_COUNT = 3;

/** The machine a `slot:<identity>` engine key runs, or undefined for another engine. */
export function machineOf(engineKey: string): SlotMachineDefinition | undefined {
  return SLOT_MACHINES.find((m) => `slot:${m.identity}` === engineKey);
}

/**
 * A round's `view` is `unknown` in the contract; the slot engine's is a SlotSpinView. Checks the
 * parts the client draws from, so a foreign or truncated view shows an empty machine instead of
 * crashing the game.
 */
export function asSlotView(view: unknown): SlotSpinView | null {
  if (typeof view !== 'object' || view === null) return null;
  const v = view as Partial<SlotSpinView>;
  const gridOk =
    Array.isArray(v.grid) &&
    v.grid.length === REEL_COUNT &&
    v.grid.every((reel) => Array.isArray(reel) && reel.length === ROW_COUNT);
  const ok =
    gridOk &&
    Array.isArray(v.stops) &&
    Array.isArray(v.lineWins) &&
    typeof v.scatter === 'object' &&
    typeof v.bonus === 'object' &&
    typeof v.freeSpins === 'object' &&
    typeof v.spinWinE4 === 'number' &&
    typeof v.payout === 'number';
  return ok ? (v as SlotSpinView) : null;
}

function keyOfKind(machine: SlotMachineDefinition, kind: 'wild' | 'scatter' | 'bonus') {
  return machine.symbols.find((s) => s.kind === kind)?.key;
}

export interface DrawnPayline {
  line: number;
  /** Row of the payline on each of the five reels. */
  rows: readonly number[];
  /** How many reels from the left the win covers. */
  count: number;
}

export interface SlotHighlight {
  /** `cells[reel][row]`: part of a win this spin. */
  cells: boolean[][];
  /** The paylines to draw (line machines only; ways wins highlight cells). */
  lines: DrawnPayline[];
}

/** Which cells took part in a win and which paylines to draw, from the server's view. */
export function highlightOf(view: SlotSpinView, machine: SlotMachineDefinition): SlotHighlight {
  const cells = Array.from({ length: REEL_COUNT }, () => Array<boolean>(ROW_COUNT).fill(false));
  const lines: DrawnPayline[] = [];
  const wild = keyOfKind(machine, 'wild');
  const mark = (test: (symbol: string, reel: number) => boolean, reels = REEL_COUNT) => {
    for (let reel = 0; reel < reels; reel++)
      for (let row = 0; row < ROW_COUNT; row++)
        if (test(view.grid[reel]![row]!, reel)) cells[reel]![row] = true;
  };
  for (const win of view.lineWins) {
    if (win.line !== null && machine.winMode.kind === 'lines') {
      const rows = machine.winMode.lines[win.line - 1];
      if (!rows) continue;
      for (let reel = 0; reel < win.count; reel++) cells[reel]![rows[reel]!] = true;
      lines.push({ line: win.line, rows, count: win.count });
    } else {
      // A ways win: the symbol on reel 1, the symbol or a wild on the adjacent reels.
      mark((s, reel) => s === win.symbol || (reel > 0 && s === wild), win.count);
    }
  }
  const scatter = keyOfKind(machine, 'scatter');
  if (view.scatter.winE4 > 0 || view.freeSpins.won > 0) mark((s) => s === scatter);
  const bonus = keyOfKind(machine, 'bonus');
  if (view.bonus.prizesE4.length > 0) mark((s) => s === bonus);
  return { cells, lines };
}

/** SVG points of a payline through the centres of a `cell`-sized grid. */
export function paylinePoints(rows: readonly number[], cell = 100): string {
  return rows.map((row, reel) => `${reel * cell + cell / 2},${row * cell + cell / 2}`).join(' ');
}

/** A win of the view (multiple of the total bet, 1/10 000) in minor units of the round. */
export function winAmount(bet: number, winE4: number): number {
  return payoutOf(bet, winE4);
}

/** A machine's reel strips as symbol keys (base or free set). */
export function reelStripsOf(machine: SlotMachineDefinition, phase: 'base' | 'free'): string[][] {
  return (phase === 'free' ? machine.freeReels : machine.baseReels).map((s) => s.split(' '));
}

/** Strip symbols that scroll past before a reel lands; later reels run longer so they stop in turn. */
export function fillerLength(reel: number): number {
  return 9 + reel * 3;
}

/** Milliseconds reel `reel` spins (600 ms for the first, 900 ms for the fifth). */
export function spinDurationMs(reel: number, reducedMotion: boolean): number {
  return reducedMotion ? 0 : 600 + reel * 75;
}

/**
 * What one reel shows while it spins, top to bottom: the window it lands on (the strip at the
 * server's stop), the strip symbols after it, then the window shown before. The strip starts
 * translated up so the old window is visible and slides down to 0, so the reel lands exactly on
 * `stop` and scrolls through the machine's real strip on the way.
 */
export function spinStripOf(
  strip: readonly string[],
  stop: number,
  previous: readonly string[],
  filler: number,
): string[] {
  const at = (i: number) => strip[(((stop + i) % strip.length) + strip.length) % strip.length]!;
  return [
    ...Array.from({ length: ROW_COUNT + filler }, (_, i) => at(i)),
    ...previous.slice(0, ROW_COUNT),
  ];
}

/** The start offset of a spin strip, in % of its own height (the CSS translateY). */
export function spinStartOffset(stripLength: number): number {
  return -((stripLength - ROW_COUNT) / stripLength) * 100;
}
