import { SANDBOX_BASE_PATH, THREE_DS_CODE } from './payment-sandbox.fns.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** What the site listens for when it frames the hosted page. */
export interface ThreeDsMessage {
  type: 'coinfall:3ds';
  invoiceId: string;
  status: 'success' | 'fail' | 'processing';
}

/**
 * The hosted pages' own policy: nothing external, inline code only with this nonce, forms post
 * back here only, framable by the site (and by itself, when the site is this origin).
 */
export function pageCsp(nonce: string, siteOrigin: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors 'self' ${siteOrigin}`,
  ].join('; ');
}

const STYLE = `body{font:16px system-ui,sans-serif;margin:0;padding:1.5rem;color:#111;background:#fff}
main{max-width:26rem;margin:0 auto}h1{font-size:1.25rem}label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box;border:1px solid #555;border-radius:4px}
.actions{display:flex;gap:.75rem;margin-top:1rem}button{font:inherit;padding:.6rem 1.2rem;border-radius:4px;border:1px solid #333;cursor:pointer}
button[value=approve]{background:#0a5;color:#fff;border-color:#0a5}p.err{color:#b00020;font-weight:600}
:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}`;

/** The 3-D Secure challenge: a one-time code and Approve / Fail. */
export function renderChallengePage(input: {
  nonce: string;
  paymentRef: string;
  /** The payment's key: the form posts back with it, as the page was opened. */
  paymentKey: string;
  amount: string;
  prefilled: boolean;
  problem?: string;
}): string {
  const action = `${SANDBOX_BASE_PATH}/3ds/${encodeURIComponent(
    input.paymentRef,
  )}?key=${encodeURIComponent(input.paymentKey)}`;
  const problem = input.problem
    ? `<p class="err" role="alert" id="problem">${escapeHtml(input.problem)}</p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Confirm your payment — 3-D Secure (sandbox)</title><style nonce="${input.nonce}">${STYLE}</style></head>
<body><main><h1>Confirm your payment</h1>
<p>Sandbox bank: approve the payment of <strong>${escapeHtml(input.amount)}</strong>. The code is ${THREE_DS_CODE}.</p>
${problem}<form method="post" action="${escapeHtml(action)}">
<label for="code">One-time code</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="8"${
    input.problem ? ' aria-describedby="problem" aria-invalid="true"' : ''
  } value="${input.prefilled ? THREE_DS_CODE : ''}">
<div class="actions"><button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="fail">Fail</button></div></form></main></body></html>`;
}

/**
 * After the challenge: framed, tell the parent (the site) through postMessage; on its own, go to
 * the site's return page. The link is there for a browser without scripts.
 */
export function renderResultPage(input: {
  nonce: string;
  message: ThreeDsMessage;
  siteOrigin: string;
  returnUrl: string;
}): string {
  const data = JSON.stringify({
    message: input.message,
    origin: input.siteOrigin,
    returnUrl: input.returnUrl,
  }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Payment ${input.message.status} (sandbox)</title></head>
<body><main><p role="status">Payment ${escapeHtml(input.message.status)}. <a href="${escapeHtml(
    input.returnUrl,
  )}" target="_top">Continue</a></p></main>
<script nonce="${input.nonce}">(function(){var d=${data};
if(window.parent&&window.parent!==window){window.parent.postMessage(d.message,d.origin);}
else{window.location.replace(d.returnUrl);}})();</script></body></html>`;
}
