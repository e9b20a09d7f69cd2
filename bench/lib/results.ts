import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './server.ts';

/**
 * Writes a benchmark's figures to bench/results/<name>-<date>.json — when, on what machine
 * (plus `machine` extras such as the PostgreSQL version), and the benchmark's own fields — and
 * prints where.
 */
export function saveResults(
  name: string,
  body: Record<string, unknown>,
  machine: Record<string, unknown> = {},
): void {
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().slice(0, 10)}.json`);
  const at = new Date().toISOString();
  const record = { at, machine: { cpus: os.cpus().length, node: process.version, ...machine } };
  writeFileSync(file, JSON.stringify({ ...record, ...body }, null, 2));
  console.log(`\nresults: ${path.relative(ROOT, file)}`);
}
