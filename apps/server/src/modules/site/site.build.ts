import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerBuild } from 'react-router';

type Middleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: unknown) => void,
) => void;

/** The web app as the server hosts it: a production build, or Vite's dev server. */
export interface SiteBuild {
  /** The server build, or a loader that gives the current one (dev: rebuilt on change). */
  server: ServerBuild | (() => Promise<ServerBuild>);
  /** Directory of the built browser assets (hashed files under assets/); dev has none. */
  clientDir: string | null;
  /** Dev only: Vite's middleware that serves modules and hot updates. */
  devMiddleware?: Middleware;
  close?: () => Promise<void>;
}

const WEB_ROOT = fileURLToPath(new URL('../../../../web', import.meta.url));

/** Loads the production build of apps/web; undefined when it has not been built. */
export async function loadSiteBuild(
  dir: string = `${WEB_ROOT}/build`,
): Promise<SiteBuild | undefined> {
  const serverEntry = `${dir}/server/index.js`;
  if (!existsSync(serverEntry)) return undefined;
  const server = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  return { server, clientDir: `${dir}/client` };
}

/** Development: Vite in middleware mode, modules compiled on request, hot module replacement. */
export async function startSiteDevServer(): Promise<SiteBuild> {
  // Imported lazily: Vite is a build tool, never loaded in production.
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: WEB_ROOT,
    server: { middlewareMode: true },
    appType: 'custom',
  });
  return {
    server: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    clientDir: null,
    devMiddleware: vite.middlewares,
    close: () => vite.close(),
  };
}
