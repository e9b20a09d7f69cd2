import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_BUILD = fileURLToPath(new URL('../apps/web/build/server/index.js', import.meta.url));

const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

/**
 * Each run gets its own DATA_DIR (see playwright.config.ts). The server may still write to it
 * while shutting down, so a run never deletes its own; this removes those of old runs instead
 * (never a recent one: another suite may be running beside this one).
 */
export default function globalSetup(): void {
  if (!existsSync(SERVER_BUILD)) {
    // Without it every page answers 503; say so once instead of failing each test.
    throw new Error('apps/web is not built: run `npm run build` first, or `npm run test:e2e`.');
  }
  const current = process.env.E2E_DATA_DIR;
  const tmp = os.tmpdir();
  for (const name of readdirSync(tmp)) {
    if (!name.startsWith('coinfall-e2e-')) continue;
    const dir = path.join(tmp, name);
    if (dir === current) continue;
    try {
      if (Date.now() - statSync(dir).mtimeMs > STALE_AFTER_MS)
        rmSync(dir, { recursive: true, force: true });
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}
