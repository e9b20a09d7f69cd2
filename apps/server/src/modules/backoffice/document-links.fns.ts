import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long an issued document link works. */
export const DOCUMENT_LINK_TTL_SECONDS = 5 * 60;

export interface DocumentLinkClaims {
  documentId: string;
  staffId: string;
}

/**
 * Signed links to an identity document (decision 037): `<expiry>.<HMAC-SHA256>` over the
 * document id, the staff id and the expiry, under a key of its own derived from the JWT secret
 * (the same key bytes never sign sessions). Bound to one document and one staff member: another
 * document, another staff member's session, a changed expiry or a late use all fail.
 */
export function createDocumentLinks(secret: string) {
  const key = `staff-document-link:${secret}`;
  const mac = (claims: DocumentLinkClaims, expiresAt: number) =>
    createHmac('sha256', key)
      .update(`${claims.documentId}\n${claims.staffId}\n${expiresAt}`)
      .digest('base64url');

  return {
    sign(claims: DocumentLinkClaims, nowMs: number): { sig: string; expiresAt: Date } {
      const expiresAt = Math.floor(nowMs / 1000) + DOCUMENT_LINK_TTL_SECONDS;
      return {
        sig: `${expiresAt}.${mac(claims, expiresAt)}`,
        expiresAt: new Date(expiresAt * 1000),
      };
    },
    /** 'expired' only for a genuine signature past its time; anything else wrong is 'invalid'. */
    verify(sig: string, claims: DocumentLinkClaims, nowMs: number): 'ok' | 'expired' | 'invalid' {
      const [expiry, given] = sig.split('.');
      if (!expiry || !given || !/^\d+$/.test(expiry)) return 'invalid';
      const expected = Buffer.from(mac(claims, Number(expiry)));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return 'invalid';
      return Number(expiry) * 1000 > nowMs ? 'ok' : 'expired';
    },
  };
}
export type DocumentLinks = ReturnType<typeof createDocumentLinks>;
