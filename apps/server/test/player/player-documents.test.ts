import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  DocumentStatus,
  playerDocumentListSchema,
  playerDocumentSchema,
  type PlayerDocument,
} from '@coinfall/shared';
import { playerDocuments } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { bearer, errorOf, failedFields, register } from './player-fixtures.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.alloc(64),
]);
const TEXT = Buffer.from('just some text pretending to be a picture\n');

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body built by hand, as a browser would send it. */
function multipart(parts: Part[]) {
  const boundary = `----coinfall-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'data' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType}\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`));
    chunks.push('data' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const filePart = (data: Buffer, filename = 'scan.png', contentType = 'image/png'): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'coinfall-docs-'));
  t = await createTestApp({ RATE_LIMIT_KEY_PREFIX: `test:${randomUUID()}:`, DATA_DIR: dataDir });
});

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const uploadsDir = () => path.join(dataDir, 'uploads', 'documents');

const post = (token: string | undefined, parts: Part[]) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/player/documents',
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
};
const upload = async (token: string, data = PNG, type = 'id'): Promise<PlayerDocument> => {
  const res = await post(token, [{ name: 'type', value: type }, filePart(data)]);
  expect(res.statusCode, res.body).toBe(200);
  return playerDocumentSchema.parse(res.json());
};
const list = async (token: string) => {
  const res = await t.app.inject({ url: '/api/player/documents', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return playerDocumentListSchema.parse(res.json());
};
const getFile = (token: string | undefined, id: string) =>
  t.app.inject({
    url: `/api/player/documents/${id}/file`,
    headers: token ? bearer(token) : {},
  });
const remove = (token: string | undefined, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/player/documents/${id}`,
    headers: token ? bearer(token) : {},
  });
const setStatus = (id: string, status: number) =>
  t.database.db.update(playerDocuments).set({ status }).where(eq(playerDocuments.id, id));

describe('POST /api/player/documents', () => {
  it('stores a PNG disguised as .pdf as a PNG, pending, under a random name', async () => {
    const { accessToken } = await register(t);
    expect((await list(accessToken)).meta).toEqual({ verification: 'none', canUpload: true });

    const res = await post(accessToken, [
      { name: 'type', value: 'address' },
      filePart(PNG, 'bill.pdf', 'application/pdf'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const doc = playerDocumentSchema.parse(res.json());
    expect(doc).toMatchObject({
      type: 'address',
      status: DocumentStatus.Pending,
      mime: 'image/png',
      size: PNG.length,
      sha256: createHash('sha256').update(PNG).digest('hex'),
    });

    const [row] = await t.database.db
      .select()
      .from(playerDocuments)
      .where(eq(playerDocuments.id, doc.id));
    expect(row?.storageKey).toMatch(/^documents\/[0-9a-f-]{36}$/);
    const stored = path.join(dataDir, 'uploads', ...(row?.storageKey.split('/') ?? []));
    expect(await readFile(stored)).toEqual(PNG);
    expect((await readdir(uploadsDir())).some((name) => name.includes('bill'))).toBe(false);

    const listed = await list(accessToken);
    expect(listed.data).toEqual([doc]);
    expect(listed.meta).toEqual({ verification: 'pending', canUpload: false });

    const file = await getFile(accessToken, doc.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="document-${doc.id}.png"`,
    );
    expect(file.rawPayload).toEqual(PNG);
  });

  it('accepts PDF and JPEG by content', async () => {
    const a = await register(t);
    expect((await upload(a.accessToken, PDF, 'id')).mime).toBe('application/pdf');
    const b = await register(t);
    expect((await upload(b.accessToken, JPEG, 'selfie')).mime).toBe('image/jpeg');
  });

  it('refuses a second upload while one is pending (409), allows it once all are rejected', async () => {
    const { accessToken } = await register(t);
    const first = await upload(accessToken);
    const again = await post(accessToken, [{ name: 'type', value: 'selfie' }, filePart(PNG)]);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('CONFLICT');

    await setStatus(first.id, DocumentStatus.Rejected);
    expect((await list(accessToken)).meta).toEqual({ verification: 'rejected', canUpload: true });
    await upload(accessToken, PNG, 'selfie');
    expect((await list(accessToken)).meta.verification).toBe('pending');
  });

  it('refuses a text file renamed .png with 415 naming body.file, storing nothing', async () => {
    const { accessToken } = await register(t);
    const before = existsSync(uploadsDir()) ? (await readdir(uploadsDir())).length : 0;
    const res = await post(accessToken, [
      { name: 'type', value: 'id' },
      filePart(TEXT, 'photo.png', 'image/png'),
    ]);
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(failedFields(res)).toEqual(['body.file']);
    expect((await list(accessToken)).data).toEqual([]);
    const after = existsSync(uploadsDir()) ? (await readdir(uploadsDir())).length : 0;
    expect(after).toBe(before);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const { accessToken } = await register(t);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await post(accessToken, [{ name: 'type', value: 'id' }, filePart(big)]);
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).code).toBe('PAYLOAD_TOO_LARGE');
    expect((await list(accessToken)).data).toEqual([]);
  });

  describe('bad input → 400 naming the field', () => {
    let token: string;
    beforeAll(async () => {
      token = (await register(t)).accessToken;
    });

    it.each([
      ['no type', [filePart(PNG)], 'body.type'],
      ['an unknown type', [{ name: 'type', value: 'passport' }, filePart(PNG)], 'body.type'],
      ['no file', [{ name: 'type', value: 'id' }], 'body.file'],
      ['an empty file', [{ name: 'type', value: 'id' }, filePart(Buffer.alloc(0))], 'body.file'],
      [
        'a file under another name',
        [
          { name: 'type', value: 'id' },
          { ...filePart(PNG), name: 'document' },
        ],
        'body.document',
      ],
    ] as [string, Part[], string][])('%s → %s', async (_what, parts, field) => {
      const res = await post(token, parts);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_FAILED');
      expect(failedFields(res)).toEqual([field]);
    });

    it('a JSON body → 415 naming body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/player/documents',
        headers: bearer(token),
        payload: { type: 'id', file: PNG.toString('base64') },
      });
      expect(res.statusCode).toBe(415);
      expect(failedFields(res)).toEqual(['body']);
    });

    it('a malformed id → params.id', async () => {
      expect(failedFields(await getFile(token, 'nope'))).toEqual(['params.id']);
      expect(failedFields(await remove(token, 'nope'))).toEqual(['params.id']);
    });
  });
});

describe('DELETE /api/player/documents/{id}', () => {
  it('deletes the owner’s pending document and its file', async () => {
    const { accessToken } = await register(t);
    const doc = await upload(accessToken);
    const [row] = await t.database.db
      .select()
      .from(playerDocuments)
      .where(eq(playerDocuments.id, doc.id));
    const stored = path.join(dataDir, 'uploads', ...(row?.storageKey.split('/') ?? []));
    expect(existsSync(stored)).toBe(true);

    const res = await remove(accessToken, doc.id);
    expect(res.statusCode).toBe(204);
    expect(existsSync(stored)).toBe(false);
    expect((await list(accessToken)).meta).toEqual({ verification: 'none', canUpload: true });
    expect((await getFile(accessToken, doc.id)).statusCode).toBe(404);
  });

  it('deletes a rejected document but not an approved one (409)', async () => {
    const { accessToken } = await register(t);
    const rejected = await upload(accessToken);
    await setStatus(rejected.id, DocumentStatus.Rejected);
    const approved = await upload(accessToken);
    await setStatus(approved.id, DocumentStatus.Approved);
    expect((await remove(accessToken, rejected.id)).statusCode).toBe(204);
    const refused = await remove(accessToken, approved.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('CONFLICT');
  });
});

describe('documents: access', () => {
  it('answers 401 to anonymous callers on every route', async () => {
    const id = randomUUID();
    const responses = [
      await t.app.inject({ url: '/api/player/documents' }),
      await post(undefined, [{ name: 'type', value: 'id' }, filePart(PNG)]),
      await getFile(undefined, id),
      await remove(undefined, id),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('UNAUTHENTICATED');
    }
  });

  it("never lets player B list, read or delete A's document (404)", async () => {
    const a = await register(t);
    const b = await register(t);
    const doc = await upload(a.accessToken);
    expect((await list(b.accessToken)).data).toEqual([]);
    const read = await getFile(b.accessToken, doc.id);
    expect(read.statusCode).toBe(404);
    expect(errorOf(read).code).toBe('NOT_FOUND');
    expect((await remove(b.accessToken, doc.id)).statusCode).toBe(404);
    expect((await list(a.accessToken)).data).toEqual([doc]);
    expect((await getFile(a.accessToken, doc.id)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    const { accessToken } = await register(t);
    expect((await getFile(accessToken, randomUUID())).statusCode).toBe(404);
    expect((await remove(accessToken, randomUUID())).statusCode).toBe(404);
  });
});
