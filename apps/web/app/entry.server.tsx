import { Transform } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import type { SiteLoadContext } from '@coinfall/shared';
import type { Locale } from '@coinfall/shared/locales';
import { SEEDED_TEXTS_ID, type SeededTexts } from './i18n/bundle-loading';
import { TextsCollectorContext } from './i18n/i18n';
import { pageResponseStatus } from './shell/route-validation';

export const streamTimeout = 5_000;

/**
 * Streams the page; bots and crawlers wait for the whole document. Every inline script gets
 * the request's CSP nonce so the strict Content-Security-Policy holds.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: SiteLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const texts: SeededTexts = {};
    const collect = (id: string, locale: Locale, localeTexts: Record<string, string>) => {
      (texts[locale] ??= {})[id] = localeTexts;
    };
    const { pipe, abort } = renderToPipeableStream(
      <TextsCollectorContext value={collect}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </TextsCollectorContext>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = withSeededTexts(texts);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: pageResponseStatus(responseStatusCode),
            }),
          );
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell streamed are already handled by the error boundary.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

const DOCUMENT_END = '</body></html>';

/**
 * Passes the page through and writes, before its end, the texts of the bundles it rendered (JSON,
 * not script: the CSP needs no nonce for it), so the browser hydrates without fetching them.
 */
function withSeededTexts(texts: SeededTexts): Transform {
  const end = Buffer.from(DOCUMENT_END);
  let heldEnd = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // React writes the document's end last; hold it back so the texts go inside <body>.
      heldEnd = chunk.length >= end.length && chunk.subarray(-end.length).equals(end);
      callback(null, heldEnd ? chunk.subarray(0, -end.length) : chunk);
    },
    flush(callback) {
      const json = JSON.stringify(texts).replace(/</g, '\\u003c');
      const seed = Object.keys(texts).length
        ? `<script type="application/json" id="${SEEDED_TEXTS_ID}">${json}</script>`
        : '';
      callback(null, heldEnd ? seed + DOCUMENT_END : seed);
    },
  });
}
