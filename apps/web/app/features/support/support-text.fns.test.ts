import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeLinkHref, splitMessageText } from './support-text.fns';

describe('safeLinkHref', () => {
  it('keeps http and https addresses', () => {
    expect(safeLinkHref('https://coinfall.example/help?a=1')).toBe(
      'https://coinfall.example/help?a=1',
    );
    expect(safeLinkHref('http://example.com')).toBe('http://example.com/');
  });

  it('refuses every other scheme and disguised addresses', () => {
    expect(safeLinkHref('javascript://%0aalert(1)')).toBeUndefined();
    expect(safeLinkHref('data://text/html,<b>x</b>')).toBeUndefined();
    expect(safeLinkHref('ftp://example.com/file')).toBeUndefined();
    expect(safeLinkHref('https://bank.example@evil.example/')).toBeUndefined();
    expect(safeLinkHref('not a url')).toBeUndefined();
  });
});

describe('splitMessageText', () => {
  it('turns an https address into a link and leaves the sentence around it as text', () => {
    expect(splitMessageText('See https://coinfall.example/faq, then reply.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://coinfall.example/faq', href: 'https://coinfall.example/faq' },
      { kind: 'text', text: ', then reply.' },
    ]);
  });

  it('leaves markup as text: nothing in a message is ever HTML', () => {
    const text = '<img src=x onerror=alert(1)> <a href="https://x.example">hi</a>';
    const segments = splitMessageText(text);
    expect(segments.filter((s) => s.kind === 'link').map((s) => s.text)).toEqual([
      'https://x.example',
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });

  it('keeps a javascript: or data: link as plain text', () => {
    expect(splitMessageText('click javascript://alert(1) now')).toEqual([
      { kind: 'text', text: 'click javascript://alert(1) now' },
    ]);
  });

  it('gives the message back when its parts are joined, and only http(s) links', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ maxLength: 8 }),
            fc.constantFrom(
              'https://coinfall.example/a?b=1',
              'http://x.example',
              'javascript://x',
              'data://y',
              'https://u:p@x.example',
              ' ',
              '.',
              ')',
            ),
          ),
          { maxLength: 8 },
        ),
        (parts) => {
          const text = parts.join('');
          const segments = splitMessageText(text);
          expect(segments.map((s) => s.text).join('')).toBe(text);
          for (const segment of segments)
            if (segment.kind === 'link') expect(segment.href).toMatch(/^https?:\/\//);
        },
      ),
      { numRuns: 300 },
    );
  });
});
