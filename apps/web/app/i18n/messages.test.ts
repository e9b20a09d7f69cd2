import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '@coinfall/shared/locales';

const MESSAGES_DIR = join(import.meta.dirname, 'messages');
const bundles = readdirSync(MESSAGES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

async function textsOf(bundle: string, locale: string): Promise<Record<string, string>> {
  const module = (await import(join(MESSAGES_DIR, bundle, `${locale}.ts`))) as {
    default: Record<string, string>;
  };
  return module.default;
}

describe('message bundles', () => {
  it('gives every bundle module its per-locale folder', () => {
    const modules = readdirSync(MESSAGES_DIR)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => name.slice(0, -'.ts'.length));
    expect(bundles.length).toBeGreaterThan(0);
    expect(bundles.sort()).toEqual(modules.sort());
  });

  describe.each(bundles)('%s', (bundle) => {
    it('has a file per locale and nothing else', () => {
      expect(readdirSync(join(MESSAGES_DIR, bundle)).sort()).toEqual(
        LOCALES.map((locale) => `${locale}.ts`).sort(),
      );
    });

    it.each(LOCALES.filter((locale) => locale !== 'en'))(
      'gives exactly the English keys in %s, each a non-empty text',
      async (locale) => {
        const english = await textsOf(bundle, 'en');
        const texts = await textsOf(bundle, locale);
        expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(texts))
          expect([key, text.trim()]).not.toEqual([key, '']);
      },
    );

    it('keeps every locale file under 250 lines', () => {
      for (const locale of LOCALES) {
        const lines = readFileSync(join(MESSAGES_DIR, bundle, `${locale}.ts`), 'utf8').split('\n');
        expect(lines.length, `${bundle}/${locale}.ts`).toBeLessThanOrEqual(250);
      }
    });
  });
});
