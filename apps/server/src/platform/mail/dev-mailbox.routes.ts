import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DevMailbox, DevMailRow } from './dev-mailbox.ts';

export const devMailSchema = z.object({
  id: z.uuid(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export const devMailListSchema = z.object({ data: z.array(devMailSchema) });

const toItem = (row: DevMailRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Plain page of the latest messages; links in the text become clickable. */
export function renderMailboxPage(rows: DevMailRow[]): string {
  const items = rows
    .map((row) => {
      const body = escapeHtml(row.text).replace(
        /(https?:\/\/[^\s<]+)/g,
        (url) => `<a href="${url}">${url}</a>`,
      );
      return `<article><h2>${escapeHtml(row.subject)}</h2><p><small>${escapeHtml(
        row.createdAt.toISOString(),
      )} · to ${escapeHtml(row.to)} · from ${escapeHtml(row.from)}</small></p><pre>${body}</pre></article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font:14px system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:.5rem 0}pre{white-space:pre-wrap}</style>
</head><body><h1>Dev mailbox</h1><p>The latest ${rows.length} messages, newest first. Development only.</p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}

/** GET /api/dev/mailbox: the latest 50 messages as JSON. Registered outside production only. */
export function devMailboxApiRoutes(mailbox: DevMailbox): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/mailbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Latest 50 messages of the development mailbox (not in production)',
          response: { 200: devMailListSchema },
        },
      },
      async () => ({ data: (await mailbox.latest(50)).map(toItem) }),
    );
  };
}

/** GET /dev/mailbox: the same messages as a plain HTML page. Registered outside production only. */
export function devMailboxPageRoutes(mailbox: DevMailbox): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(renderMailboxPage(await mailbox.latest(50))),
    );
  };
}
