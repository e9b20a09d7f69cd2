import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, type Locale } from '@coinfall/shared/locales';
import { vocabularyBreaches } from '@coinfall/shared/sweepstakes-vocabulary';

/**
 * Every user-facing text in every locale keeps the sweepstakes vocabulary where it speaks of
 * Sweeps Coins (packages/shared/src/sweepstakes-vocabulary.ts): the message bundles and the
 * published content documents, each document read sentence by sentence.
 */
const MESSAGES_DIR = join(import.meta.dirname, 'messages');
const CONTENT_DIR = join(import.meta.dirname, '../../../server/content/published');

interface Text {
  where: string;
  text: string;
}

async function messageTexts(locale: Locale): Promise<Text[]> {
  const bundles = readdirSync(MESSAGES_DIR, { withFileTypes: true }).filter((e) => e.isDirectory());
  const texts: Text[] = [];
  for (const bundle of bundles) {
    const module = (await import(join(MESSAGES_DIR, bundle.name, `${locale}.ts`))) as {
      default: Record<string, string>;
    };
    for (const [key, text] of Object.entries(module.default)) {
      texts.push({ where: `messages/${bundle.name}/${locale}.ts ${key}`, text });
    }
  }
  return texts;
}

/** Every string of a JSON document, split into sentences (a context is one sentence). */
function stringsOf(value: unknown, where: string): Text[] {
  if (typeof value === 'string') {
    return value.split(/(?<=[.!?])\s+|\n+/).map((text) => ({ where, text }));
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => stringsOf(item, `${where}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringsOf(item, `${where}.${key}`));
  }
  return [];
}

function contentTexts(locale: Locale): Text[] {
  const dir = join(CONTENT_DIR, locale);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => stringsOf(JSON.parse(readFileSync(join(dir, name), 'utf8')), name));
}

describe.each(LOCALES)('sweepstakes vocabulary in %s', (locale) => {
  it('says play, redeem and coins wherever a message speaks of Sweeps Coins', async () => {
    const texts = await messageTexts(locale);
    expect(texts.length).toBeGreaterThan(100);
    const breaches = texts.flatMap(({ where, text }) =>
      vocabularyBreaches(text, locale).map((rule) => `${where}: "${text}" — use ${rule.use}`),
    );
    expect(breaches).toEqual([]);
  });

  it('says play, redeem and coins wherever a content document speaks of Sweeps Coins', () => {
    const texts = contentTexts(locale);
    expect(texts.length).toBeGreaterThan(100);
    const breaches = texts.flatMap(({ where, text }) =>
      vocabularyBreaches(text, locale).map((rule) => `${where}: "${text}" — use ${rule.use}`),
    );
    expect(breaches).toEqual([]);
  });
});

describe('vocabularyBreaches', () => {
  it('reads only texts that speak of Sweeps Coins', () => {
    expect(vocabularyBreaches('Place a bet with Gold Coins', 'en')).toEqual([]);
    expect(vocabularyBreaches('Bet your Sweeps Coins', 'en').map((r) => r.use)).toEqual(['play']);
    expect(vocabularyBreaches('Withdraw 10 SC', 'en').map((r) => r.use)).toEqual(['redeem']);
    expect(vocabularyBreaches('Sweeps Coins are money', 'en').map((r) => r.use)).toEqual([
      'coins, or prizes',
    ]);
    expect(vocabularyBreaches('100 SC apostados', 'pt-br').map((r) => r.use)).toEqual(['jogar']);
    expect(vocabularyBreaches('Apuesta tus Sweeps Coins', 'es').map((r) => r.use)).toEqual([
      'jugar',
    ]);
  });

  it('keeps the narrow exceptions: cash prizes, no cash value, fiat withdrawals', () => {
    expect(vocabularyBreaches('Redeem Sweeps Coins for cash prizes.', 'en')).toEqual([]);
    expect(vocabularyBreaches('Sweeps Coins have no cash value.', 'en')).toEqual([]);
    expect(
      vocabularyBreaches('Redemptions and withdrawals together: 5,000 Sweeps Coins', 'en'),
    ).toEqual([]);
    expect(vocabularyBreaches('Sweeps Coins for cash', 'en')).not.toEqual([]);
    expect(vocabularyBreaches('Canjea tus Sweeps Coins por premios en efectivo', 'es')).toEqual([]);
    expect(vocabularyBreaches('SC por dinheiro', 'pt-br')).not.toEqual([]);
  });
});
