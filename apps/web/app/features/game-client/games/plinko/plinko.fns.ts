/** The plinko board's geometry in SVG units: pegs, slots and the ball's path from the view. */
export const PLINKO_WIDTH = 400;
const TOP = 24;

export interface Point {
  x: number;
  y: number;
}

export const pegSpacing = (rows: number) => PLINKO_WIDTH / (rows + 2);

export const boardHeight = (rows: number) => TOP + (rows + 1) * pegSpacing(rows) + 6;

/** Row i has i + 3 pegs, centred. */
export function pegsOf(rows: number): Point[] {
  const s = pegSpacing(rows);
  const pegs: Point[] = [];
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < i + 3; j++) {
      pegs.push({ x: PLINKO_WIDTH / 2 + (j - (i + 2) / 2) * s, y: TOP + i * s });
    }
  }
  return pegs;
}

/** Centre of slot k (0 … rows) under the last row. */
export const slotCenter = (rows: number, slot: number): Point => ({
  x: PLINKO_WIDTH / 2 + (slot - rows / 2) * pegSpacing(rows),
  y: TOP + rows * pegSpacing(rows),
});

/**
 * Where the ball is above each row and in its slot: every bounce (0 left, 1 right) moves it half
 * a spacing; it ends in the slot numbered by its right bounces, as the engine counts.
 */
export function ballPoints(path: readonly number[]): Point[] {
  const rows = path.length;
  const s = pegSpacing(rows);
  const points: Point[] = [{ x: PLINKO_WIDTH / 2, y: TOP - s * 0.9 }];
  let offset = 0;
  path.forEach((bounce, i) => {
    points.push({ x: PLINKO_WIDTH / 2 + (offset * s) / 2, y: TOP + i * s - s * 0.4 });
    offset += bounce === 1 ? 1 : -1;
  });
  const slot = path.reduce((sum, bounce) => sum + bounce, 0);
  points.push(slotCenter(rows, slot));
  return points;
}

/** A slot's colour from its multiplier: the edges (big) hot, the middle cool. */
export function slotTone(multiplierE4: number): string {
  if (multiplierE4 >= 100_000) return 'var(--cf-danger)';
  if (multiplierE4 >= 20_000) return 'var(--cf-accent)';
  if (multiplierE4 >= 10_000) return 'var(--cf-primary)';
  return 'var(--cf-surface-2)';
}
