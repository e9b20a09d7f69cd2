import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';

export interface SiteBuild {
  server: ServerBuild;
  /** Directory of the browser assets (hashed files under assets/). */
  clientDir: string;
}

const WEB_BUILD = fileURLToPath(new URL('../../../../web/build', import.meta.url));

/** Loads the production build of apps/web; undefined when it has not been built. */
export async function loadSiteBuild(dir: string = WEB_BUILD): Promise<SiteBuild | undefined> {
  const serverEntry = `${dir}/server/index.js`;
  if (!existsSync(serverEntry)) return undefined;
  const server = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  return { server, clientDir: `${dir}/client` };
}
