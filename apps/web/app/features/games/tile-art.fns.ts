/**
 * Which drawing a game tile gets (components/game-art.tsx). The art is our own: one themed SVG
 * per look, chosen from the game's identity, so a new game named "Dragon's Gold" still gets
 * the dragon, and a game with no theme word gets its kind's look.
 */
export const TILE_THEMES = [
  'frost',
  'clover',
  'neon',
  'pharaoh',
  'dragon',
  'dice',
  'limbo',
  'plinko',
  'mines',
  'keno',
  'hilo',
  'blackjack',
  'roulette',
  'reels',
] as const;
export type TileTheme = (typeof TILE_THEMES)[number];

/** Theme words in identities, first match wins (so "frosty-dragon" is frost). */
const THEME_WORDS: ReadonlyArray<readonly [RegExp, TileTheme]> = [
  [/(^|-)(frost|frosty|snow|winter|holiday|santa|xmas)(-|$)/, 'frost'],
  [/(^|-)(clover|lucky|leprechaun|irish)(-|$)/, 'clover'],
  [/(^|-)(neon|night|nights|cyber|retro)(-|$)/, 'neon'],
  [/(^|-)(pharaoh|pharaohs|egypt|vault|tomb|sphinx)(-|$)/, 'pharaoh'],
  [/(^|-)(dragon|dragons|hoard)(-|$)/, 'dragon'],
  [/(^|-)dice(-|$)/, 'dice'],
  [/(^|-)(limbo|crash|rocket)(-|$)/, 'limbo'],
  [/(^|-)plinko(-|$)/, 'plinko'],
  [/(^|-)(mines|minesweeper)(-|$)/, 'mines'],
  [/(^|-)(keno|bingo|lotto)(-|$)/, 'keno'],
  [/(^|-)(hi-lo|hilo)(-|$)/, 'hilo'],
  [/(^|-)(blackjack|twenty-one)(-|$)/, 'blackjack'],
  [/(^|-)roulette(-|$)/, 'roulette'],
];

const KIND_THEMES: Record<string, TileTheme> = {
  slot: 'reels',
  original: 'dice',
  table: 'blackjack',
};

export function tileThemeOf(identity: string, kind: string): TileTheme {
  for (const [pattern, theme] of THEME_WORDS) if (pattern.test(identity)) return theme;
  return KIND_THEMES[kind] ?? 'reels';
}
