/**
 * The scale that fits content of a natural size into a box without cropping: never above 1 (a
 * board is not blown up), never below `min` (below that the stage scrolls instead: a board too
 * small to tap is worse than one to scroll). Non-positive sizes (not laid out yet) give 1.
 */
export function fitScale(
  box: { width: number; height: number },
  content: { width: number; height: number },
  min = 0.45,
): number {
  if (box.width <= 0 || box.height <= 0 || content.width <= 0 || content.height <= 0) return 1;
  const scale = Math.min(1, box.width / content.width, box.height / content.height);
  return Math.max(min, scale);
}
