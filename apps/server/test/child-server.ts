import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** The server's entry point, for tests that run it as a process of its own. */
export const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Polls the child's /api/health until it answers (a minute at most). */
export async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

/**
 * The server as a process of its own on 127.0.0.1:`port`, silent, with `dataDir` as its
 * DATA_DIR; `env` chooses the stores (DATABASE_URL, REDIS_URL: none unless given).
 */
export function spawnServer(options: {
  port: number;
  dataDir: string;
  env: { DATABASE_URL: string; REDIS_URL?: string };
}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      REDIS_URL: '',
      ...options.env,
    },
    stdio: 'ignore',
  });
}
