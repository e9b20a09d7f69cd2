import { controlCharacterPath, hasControlCharacter } from './control-characters.ts';

describe('hasControlCharacter', () => {
  it('finds NUL, BEL, ESC and DEL', () => {
    for (const text of ['a\u0000b', '\u0007', '\u001b[31m', 'x\u007f']) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('allows tab, line breaks and any printable unicode', () => {
    for (const text of ['a\tb', 'line\r\nbreak', 'e\u0301', '🎰', '\u202e', '']) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('controlCharacterPath', () => {
  it('names the path of the first offending string, in values and keys', () => {
    expect(controlCharacterPath({ a: 'ok', b: { c: ['fine', 'bad\u0000'] } })).toEqual([
      'b',
      'c',
      '1',
    ]);
    expect(controlCharacterPath({ ['k\u0001']: 1 })).toEqual(['k\u0001']);
    expect(controlCharacterPath('\u0000')).toEqual([]);
  });

  it('is null for clean input of any shape', () => {
    expect(controlCharacterPath({ a: [1, true, null, 'x'], b: { c: 2 } })).toBeNull();
    expect(controlCharacterPath(undefined)).toBeNull();
  });

  it('walks input nested deeper than the call stack allows', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(controlCharacterPath(deep)).toHaveLength(100_000);
  });
});
