import { createHash } from 'node:crypto';
import { z } from 'zod';

/** Where the sandbox identity provider is mounted; its issuer is PUBLIC_URL + this. */
export const SANDBOX_MOUNT = '/oidc-sandbox';
export const SANDBOX_CLIENT_ID = 'coinfall-sandbox';

/** The sandbox account of an email: its subject is stable per address, whatever its case. */
export function sandboxSubject(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}

/** What the developer types on the sandbox login page (no password: it is a sandbox). */
export const sandboxLoginFormSchema = z.object({
  email: z.string().trim().max(254).pipe(z.email('Type an email address')),
  name: z.string().trim().min(1, 'Type a name').max(80),
});
export type SandboxLoginForm = z.infer<typeof sandboxLoginFormSchema>;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** The one page of the sandbox: a form that posts back to the same interaction. */
export function renderSandboxLoginPage(input: {
  uid: string;
  clientId: string;
  values?: { email?: string; name?: string };
  problem?: string;
}): string {
  const action = `${SANDBOX_MOUNT}/interaction/${encodeURIComponent(input.uid)}`;
  const value = (text: string | undefined) => escapeHtml(text ?? '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox sign-in</title>
<style>
body{font-family:system-ui,sans-serif;max-width:26rem;margin:4rem auto;padding:0 1rem;color:#1d1d1f}
label{display:block;margin:1rem 0 .25rem}input{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1.5rem;padding:.6rem 1.2rem}.problem{color:#b00020}
</style>
</head>
<body>
<h1>Sandbox identity provider</h1>
<p>For development only: any email, no password. <strong>${escapeHtml(input.clientId)}</strong> receives the email and the name; it signs in only an account created through this sandbox, never one registered another way.</p>
${input.problem ? `<p class="problem" role="alert">${escapeHtml(input.problem)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${value(input.values?.email)}">
<label for="name">Name</label>
<input id="name" name="name" autocomplete="name" required maxlength="80" value="${value(input.values?.name)}">
<button type="submit">Sign in</button>
</form>
</body>
</html>
`;
}
