import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Screens take their colours from the theme tokens of app.css (`bg-surface`, `text-text-muted`,
 * `border-accent`…), so a theme (the holiday one) reaches every screen. Tailwind's own palettes
 * ignore the theme. Black and white stay allowed: scrims, shadows and media backdrops are the same
 * in every theme.
 */
const PALETTES =
  'slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose';
const UTILITIES =
  'bg|text|border(?:-[tblrxyse])?|outline|ring(?:-offset)?|accent|from|to|via|fill|stroke|divide|decoration|caret|shadow|inset-shadow|placeholder';
const RAW_COLOUR = new RegExp(
  `(?<![\\w-])(?:${UTILITIES})-(?:${PALETTES})-\\d{2,3}(?:/\\d+)?(?![\\w-])`,
  'g',
);

const APP_DIR = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('theme colours', () => {
  it('recognises a raw palette class, with variants and opacity, and leaves tokens alone', () => {
    const sample =
      'hover:bg-zinc-800 text-amber-300 border-l-sky-400 bg-red-950/60 text-text-muted bg-surface-2';
    expect(sample.match(RAW_COLOUR)).toEqual([
      'bg-zinc-800',
      'text-amber-300',
      'border-l-sky-400',
      'bg-red-950/60',
    ]);
  });

  it('uses no Tailwind palette colour in apps/web/app', () => {
    const found = sourceFiles(APP_DIR).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(RAW_COLOUR)].map(
        (match) => `${relative(APP_DIR, file)}: ${match[0]}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
