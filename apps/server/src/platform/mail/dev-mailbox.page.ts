import type { DevMailRow } from './dev-mailbox.ts';
import type { AnonymousVisitor, MailboxViewer } from './mailbox-viewer.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `body{font:14px system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}
article{border-bottom:1px solid #ccc;padding:.5rem 0}pre{white-space:pre-wrap}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}input{font:inherit;padding:.4rem;width:24rem;max-width:100%}
button{font:inherit;padding:.4rem 1rem;margin-top:.5rem}.problem{color:#b00020;font-weight:600}
:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}`;

function renderMessage(row: DevMailRow): string {
  const body = escapeHtml(row.text).replace(
    /(https?:\/\/[^\s<]+)/g,
    (url) => `<a href="${url}">${url}</a>`,
  );
  return `<article><h3>${escapeHtml(row.subject)}</h3><p><small>${escapeHtml(
    row.createdAt.toISOString(),
  )} · to ${escapeHtml(row.to)} · from ${escapeHtml(row.from)}</small></p><pre>${body}</pre></article>`;
}

function whoseMail(viewer: MailboxViewer): string {
  if (viewer.kind === 'operator') return 'Every message (operator token).';
  const to = viewer.recipients.map(escapeHtml).join(', ') || 'your addresses';
  return `Your own mail and texts (to ${to}).`;
}

function operatorForm(problem: string | undefined): string {
  const alert = problem
    ? `<p class="problem" role="alert" id="token-problem">${escapeHtml(problem)}</p>`
    : '';
  return `<section aria-labelledby="operator-heading"><h2 id="operator-heading">Operator</h2>
<p>The operator token shows every message. It is printed on the server's console at start-up (or set as SANDBOX_OPERATOR_TOKEN).</p>
${alert}<form method="post" action="/dev/mailbox">
<label for="token">Operator token</label>
<input id="token" name="token" type="password" autocomplete="off" required${
    problem ? ' aria-invalid="true" aria-describedby="token-problem"' : ''
  }>
<button type="submit">Show every message</button></form></section>`;
}

const forgetForm = `<form method="post" action="/dev/mailbox"><input type="hidden" name="action" value="forget">
<button type="submit">Forget the operator token</button></form>`;

/**
 * The dev mailbox page: the viewer's messages with clickable links, or — for an anonymous
 * visitor — no mail, a pointer to the site's sign-in and the operator form.
 */
export function renderMailboxPage(input: {
  viewer: MailboxViewer | AnonymousVisitor;
  rows: DevMailRow[];
  problem?: string;
}): string {
  const { viewer, rows } = input;
  let main: string;
  if (viewer.kind === 'anonymous') {
    const session = viewer.sessionProblem
      ? 'Your session on the site has ended or expired: open the site again, then reload this page.'
      : 'Sign in on the site in this browser to read your own mail and texts here.';
    main = `<p>${session}</p>\n${operatorForm(input.problem)}`;
  } else {
    const items = rows.map(renderMessage).join('\n') || '<p>No mail yet.</p>';
    main = `<section aria-labelledby="messages-heading"><h2 id="messages-heading">Messages</h2>
<p>${whoseMail(viewer)} The latest ${rows.length}, newest first.</p>
${items}</section>
${viewer.kind === 'operator' ? forgetForm : operatorForm(input.problem)}`;
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox</title><style>${STYLE}</style>
</head><body><main><h1>Dev mailbox</h1>
<p>The sandbox keeps mail and texts here instead of sending them.</p>
${main}
</main></body></html>`;
}
