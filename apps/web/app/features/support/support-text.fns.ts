/**
 * A chat message is plain text (issue 18): never HTML. Links in it become anchors only when they
 * are http or https; anything else (javascript:, data:, a bare "www.") stays text.
 */

export type TextSegment =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A run of non-space characters starting with a scheme and "://": the candidate links.
const LINK_CANDIDATE = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"]+/gi;
// Punctuation that usually ends the sentence rather than the address.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'»]+$/;

/** The URL as an anchor may use it, or undefined when it is not an http(s) address. */
export function safeLinkHref(candidate: string): string | undefined {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // Credentials in a link only serve to disguise where it goes.
  if (url.username || url.password) return undefined;
  return url.href;
}

/** Splits a message into text and safe links, in order; joining the texts gives the message back. */
export function splitMessageText(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  const pushText = (part: string) => {
    if (!part) return;
    const previous = segments.at(-1);
    if (previous?.kind === 'text') previous.text += part;
    else segments.push({ kind: 'text', text: part });
  };
  for (const match of text.matchAll(LINK_CANDIDATE)) {
    const start = match.index;
    const trailing = TRAILING_PUNCTUATION.exec(match[0])?.[0] ?? '';
    const candidate = match[0].slice(0, match[0].length - trailing.length);
    const href = safeLinkHref(candidate);
    pushText(text.slice(last, start));
    if (href) segments.push({ kind: 'link', text: candidate, href });
    else pushText(candidate);
    pushText(trailing);
    last = start + match[0].length;
  }
  pushText(text.slice(last));
  return segments;
}
