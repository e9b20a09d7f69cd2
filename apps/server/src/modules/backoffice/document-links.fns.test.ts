import { describe, expect, it } from 'vitest';
import { createDocumentLinks, DOCUMENT_LINK_TTL_SECONDS } from './document-links.fns.ts';

const links = createDocumentLinks('a-secret-of-at-least-thirty-two-characters');
const claims = { documentId: 'doc-1', staffId: 'staff-1' };
const now = 1_800_000_000_000;

describe('document links', () => {
  const { sig, expiresAt } = links.sign(claims, now);

  it('works for its document and staff member until it expires', () => {
    expect(expiresAt.getTime()).toBe(now + DOCUMENT_LINK_TTL_SECONDS * 1000);
    expect(links.verify(sig, claims, now)).toBe('ok');
    expect(links.verify(sig, claims, expiresAt.getTime() - 1)).toBe('ok');
    expect(links.verify(sig, claims, expiresAt.getTime())).toBe('expired');
  });

  it('refuses another document, another staff member, another key, or a changed expiry', () => {
    expect(links.verify(sig, { ...claims, documentId: 'doc-2' }, now)).toBe('invalid');
    expect(links.verify(sig, { ...claims, staffId: 'staff-2' }, now)).toBe('invalid');
    const other = createDocumentLinks('another-secret-of-at-least-thirty-two-chars');
    expect(other.verify(sig, claims, now)).toBe('invalid');
    const [expiry, mac] = sig.split('.');
    expect(links.verify(`${Number(expiry) + 60}.${mac}`, claims, now)).toBe('invalid');
    expect(links.verify('garbage', claims, now)).toBe('invalid');
    expect(links.verify(`${expiry}.`, claims, now)).toBe('invalid');
  });
});
