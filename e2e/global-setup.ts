import { readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

/**
 * Each run gets its own DATA_DIR (see playwright.config.ts). The server may still write to it
 * while shutting down, so a run never deletes its own; this removes those of old runs instead
 * (never a recent one: another suite may be running beside this one).
 */
export default function globalSetup(): void {
  const current = process.env.E2E_DATA_DIR;
  const tmp = os.tmpdir();
  for (const name of readdirSync(tmp)) {
    if (!name.startsWith('coinfall-e2e-')) continue;
    const dir = path.join(tmp, name);
    if (dir === current) continue;
    try {
      if (Date.now() - statSync(dir).mtimeMs > STALE_AFTER_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}
