#!/usr/bin/env node
/**
 * `npm start` is the demo: the embedded database with the sandboxes on (test cards, the dev
 * mailbox, the sandbox identity provider, the /api/dev operator tools). A real deployment must
 * never get them by running it out of habit, so the demo refuses to start against DATABASE_URL
 * (docs/decisions/019). A deployment runs `npm run build && npm run serve`.
 */
if (process.env.DATABASE_URL) {
  console.error(
    [
      'npm start runs the demo: the embedded database with the sandboxes on (anyone may pay with',
      'test cards and use the sandbox tools). It refuses DATABASE_URL, which means a real deployment.',
      'A deployment runs:  npm run build && npm run serve   (SANDBOX stays off unless you set it).',
    ].join('\n'),
  );
  process.exit(78); // EX_CONFIG, like a refused configuration
}
