#!/usr/bin/env node
/**
 * Runs shell commands side by side and fails if any fails: `node scripts/parallel.mjs "a" "b"`.
 * Each command's output is buffered and printed whole when it ends, so logs stay readable.
 * Used where independent checks (typecheck of each workspace, lint) would otherwise queue on
 * one core of a multi-core machine.
 */
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: parallel.mjs "<command>" ["<command>" …]');
  process.exit(2);
}

const run = (command) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n── ${command} (${seconds} s, ${signal ?? `exit ${code}`})\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });

const results = await Promise.all(commands.map(run));
const failed = commands.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
