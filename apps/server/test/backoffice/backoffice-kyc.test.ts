import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentStatus,
  adminDocumentLinkSchema,
  adminKycDecisionSchema,
  adminKycDocumentListSchema,
  auditListSchema,
  kycStateSchema,
  playerDocumentListSchema,
  playerDocumentSchema,
} from '@coinfall/shared';
import { domainEvents, players } from '../../src/db/schema/index.ts';
import { bearer, failedFields, register } from '../player/player-fixtures.ts';
import { createClockedApp, createTestApp, type TestApp } from '../test-app.ts';
import { errorCode, signedInStaff, type SignedInStaff } from './staff-fixtures.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The player uploads an id document as the site does (multipart: type and file). */
async function upload(t: TestApp, token: string) {
  const boundary = `----coinfall-${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nid\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/player/documents',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return playerDocumentSchema.parse(res.json());
}

describe('back office: KYC review (issue 17)', () => {
  let t: TestApp;
  let dataDir: string;
  let compliance: SignedInStaff;
  let admin: SignedInStaff;
  let support: SignedInStaff;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'coinfall-kyc-review-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    compliance = await signedInStaff(t, 'compliance');
    admin = await signedInStaff(t, 'admin');
    support = await signedInStaff(t, 'support');
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = (
    staff: SignedInStaff | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    app: FastifyInstance = t.app,
  ) => app.inject({ method, url, headers: staff?.headers ?? {}, ...(payload ? { payload } : {}) });

  async function playerWithDocument() {
    const session = await register(t);
    const document = await upload(t, session.accessToken);
    return { token: session.accessToken, playerId: session.profile.id, document };
  }

  const auditOf = async (documentId: string) =>
    auditListSchema.parse(
      (await call(admin, 'GET', `/api/admin/audit?targetId=${documentId}`)).json(),
    ).data;

  it('lists pending documents oldest first, paged on the server, for compliance only', async () => {
    const first = await playerWithDocument();
    const second = await playerWithDocument();
    const res = await call(compliance, 'GET', '/api/admin/kyc/documents?perPage=100');
    expect(res.statusCode, res.body).toBe(200);
    const list = adminKycDocumentListSchema.parse(res.json());
    const ids = list.data.map((d) => d.id);
    expect(ids.indexOf(first.document.id)).toBeLessThan(ids.indexOf(second.document.id));
    expect(list.data.find((d) => d.id === first.document.id)).toMatchObject({
      playerId: first.playerId,
      status: DocumentStatus.Pending,
      mime: 'image/png',
      player: { kycVerified: false, kycStatus: 'none' },
    });
    const paged = adminKycDocumentListSchema.parse(
      (await call(compliance, 'GET', '/api/admin/kyc/documents?perPage=1&page=2')).json(),
    );
    expect(paged.data).toHaveLength(1);
    expect(paged.meta).toMatchObject({ page: 2, perPage: 1, totalRows: list.meta.totalRows });

    expect(
      failedFields(await call(compliance, 'GET', '/api/admin/kyc/documents?perPage=0')),
    ).toEqual(['query.perPage']);
    expect(errorCode((await call(support, 'GET', '/api/admin/kyc/documents')).body)).toBe(
      'FORBIDDEN',
    );
    expect(errorCode((await call(null, 'GET', '/api/admin/kyc/documents')).body)).toBe(
      'STAFF_UNAUTHENTICATED',
    );
    const asPlayer = await t.app.inject({
      url: '/api/admin/kyc/documents',
      headers: bearer(first.token),
    });
    expect(errorCode(asPlayer.body)).toBe('STAFF_UNAUTHENTICATED');
  });

  it('serves a document only through a fresh link, to the staff member it was issued to', async () => {
    const { document } = await playerWithDocument();
    const issued = await call(compliance, 'POST', `/api/admin/kyc/documents/${document.id}/link`);
    expect(issued.statusCode, issued.body).toBe(200);
    const link = adminDocumentLinkSchema.parse(issued.json());
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect((await auditOf(document.id)).map((a) => a.action)).toContain('kyc.document-link-issued');

    const file = await call(compliance, 'GET', link.url);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toContain('no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const sig = new URL(link.url, 'http://x').searchParams.get('sig')!;
    const [expiry, mac] = sig.split('.') as [string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const refusals = {
      tampered: await call(compliance, 'GET', link.url.replace(mac, flipped)),
      'a later expiry': await call(
        compliance,
        'GET',
        link.url.replace(`${expiry}.`, `${Number(expiry) + 3600}.`),
      ),
      'another document': await call(
        compliance,
        'GET',
        link.url.replace(document.id, (await playerWithDocument()).document.id),
      ),
      'another staff member': await call(admin, 'GET', link.url),
    };
    for (const [what, res] of Object.entries(refusals)) {
      expect(res.statusCode, what).toBe(403);
      expect(errorCode(res.body), what).toBe('FORBIDDEN');
    }
    // Never public: without the staff session the link alone opens nothing.
    expect((await call(null, 'GET', link.url)).statusCode).toBe(401);
    expect(failedFields(await call(compliance, 'GET', link.url.split('?')[0]!))).toEqual([
      'query.sig',
    ]);
  });

  it('refuses a link past its five minutes', async () => {
    const { document } = await playerWithDocument();
    const { app: clocked, clock } = await createClockedApp(t);
    try {
      const issued = await call(
        compliance,
        'POST',
        `/api/admin/kyc/documents/${document.id}/link`,
        undefined,
        clocked,
      );
      const link = adminDocumentLinkSchema.parse(issued.json());
      clock.ms += 4 * 60_000;
      expect((await call(compliance, 'GET', link.url, undefined, clocked)).statusCode).toBe(200);
      clock.ms += 61_000;
      const late = await call(compliance, 'GET', link.url, undefined, clocked);
      expect(late.statusCode).toBe(403);
      expect(late.json()).toMatchObject({ code: 'FORBIDDEN', message: 'The link has expired' });
    } finally {
      await clocked.close();
    }
  });

  it('approves a document: the player becomes KYC-verified, is told, and it is audited', async () => {
    const { token, playerId, document } = await playerWithDocument();
    const url = `/api/admin/kyc/documents/${document.id}/approve`;
    expect(failedFields(await call(compliance, 'POST', url, {}))).toEqual(['body.reason']);
    expect((await call(support, 'POST', url, { reason: 'clear passport' })).statusCode).toBe(403);

    const res = await call(compliance, 'POST', url, { reason: 'clear passport' });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminKycDecisionSchema.parse(res.json())).toMatchObject({
      document: { id: document.id, status: DocumentStatus.Approved },
      kycVerified: true,
      kycStatus: 'verified',
    });
    // The player's side: the identity state, the profile flag, the documents' state.
    const state = await t.app.inject({
      url: '/api/player/integrations/tsevo/player',
      headers: bearer(token),
    });
    expect(kycStateSchema.parse(state.json())).toMatchObject({
      status: 'verified',
      kycVerified: true,
    });
    const [row] = await t.database.db.select().from(players).where(eq(players.id, playerId));
    expect(row?.kycVerified).toBe(true);
    const docs = await t.app.inject({ url: '/api/player/documents', headers: bearer(token) });
    expect(playerDocumentListSchema.parse(docs.json()).meta.verification).toBe('approved');
    // The kyc push and the site's verified alert ride this event.
    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.playerId, playerId), eq(domainEvents.type, 'kyc.player.updated')));
    expect(events.map((e) => e.payload)).toEqual([
      { playerId, kycVerified: true, status: 'verified' },
    ]);
    const audit = (await auditOf(document.id)).find((a) => a.action === 'kyc.document-approved');
    expect(audit).toMatchObject({
      staffId: compliance.id,
      reason: 'clear passport',
      targetType: 'document',
      before: { status: DocumentStatus.Pending },
    });

    const again = await call(compliance, 'POST', url, { reason: 'clear passport' });
    expect(again.statusCode).toBe(409);
    const unknown = `/api/admin/kyc/documents/${randomUUID()}/approve`;
    expect((await call(compliance, 'POST', unknown, { reason: 'clear passport' })).statusCode).toBe(
      404,
    );
  });

  it('rejects a document with a reason: the player sees a rejected check and may upload again', async () => {
    const { token, playerId, document } = await playerWithDocument();
    const url = `/api/admin/kyc/documents/${document.id}/reject`;
    expect(failedFields(await call(admin, 'POST', url, { reason: ' ' }))).toEqual(['body.reason']);
    const res = await call(admin, 'POST', url, { reason: 'photo is cut off' });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminKycDecisionSchema.parse(res.json())).toMatchObject({
      document: { status: DocumentStatus.Rejected },
      kycVerified: false,
      kycStatus: 'rejected',
    });
    const state = kycStateSchema.parse(
      (
        await t.app.inject({ url: '/api/player/integrations/tsevo/player', headers: bearer(token) })
      ).json(),
    );
    expect(state.status).toBe('rejected');
    // The staff's words stay in the audit; the player reads a fixed sentence.
    expect(state.reasons.join(' ')).not.toContain('cut off');
    const docs = playerDocumentListSchema.parse(
      (await t.app.inject({ url: '/api/player/documents', headers: bearer(token) })).json(),
    );
    expect(docs.meta).toEqual({ verification: 'rejected', canUpload: true });
    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.playerId, playerId), eq(domainEvents.type, 'kyc.player.updated')));
    expect(events.map((e) => e.payload)).toEqual([
      { playerId, kycVerified: false, status: 'rejected' },
    ]);
    expect(
      (await auditOf(document.id)).find((a) => a.action === 'kyc.document-rejected'),
    ).toMatchObject({ staffId: admin.id, reason: 'photo is cut off' });
    // Decided: it left the queue.
    const queue = adminKycDocumentListSchema.parse(
      (await call(compliance, 'GET', '/api/admin/kyc/documents?perPage=100')).json(),
    );
    expect(queue.data.some((d) => d.id === document.id)).toBe(false);
  });
});
