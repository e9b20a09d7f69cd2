import type { SiteLoadContext } from '@coinfall/shared';

/** The server hands every loader a SiteLoadContext (apps/server site.routes.ts). */
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends SiteLoadContext {}
}

export {};
