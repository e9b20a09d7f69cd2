import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * zod compiles object parsers with `new Function` when it may, and finds out whether it may by
 * trying once — which the site's strict CSP (no 'unsafe-eval') reports as a violation on every
 * page. In the browser build zod starts with `jitless` set (what `z.config({ jitless: true })`
 * does), so it never tries; the server keeps the compiled, faster parsers for request
 * validation. Done at build time: an import of zod's `config` costs the home page 4 KB gzip.
 * A zod upgrade that moves the line fails the build here instead of bringing the probe back.
 */
function zodWithoutEvalInBrowser(): Plugin {
  const initial = '(_a.__zod_globalConfig = {})';
  return {
    name: 'coinfall:zod-jitless-in-browser',
    transform(code, id, options) {
      if (options?.ssr || !/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      if (!code.includes(initial)) {
        throw new Error(`zod's global configuration moved (${id}): update zodWithoutEvalInBrowser`);
      }
      return {
        code: code.replace(initial, '(_a.__zod_globalConfig = { jitless: true })'),
        map: null,
      };
    },
  };
}

/** The route modules whose code every visitor to the home page runs before the first paint. */
const FIRST_LOAD_ROUTES = [/[\\/]app[\\/]root\.tsx\?/, /[\\/]app[\\/]routes[\\/]home\.tsx\?/];
const CLIENT_ENTRY = /[\\/]entry\.client\.tsx$/;

/**
 * The home page's first load in two chunks instead of two dozen: `vendor` (React, React DOM,
 * React Router: what changes only with an upgrade) and `shell` (the site's own code the root and
 * the home route import statically). Left to itself the bundler cuts a chunk per set of routes
 * sharing a module, which gave the home page ~20 chunks under 1 KB: each is gzipped alone (no
 * shared dictionary) and carries its own import and export lists. Lazy code (modals, the
 * realtime client, other routes' pages) stays out: the sets follow static imports only.
 */
function firstLoadChunks() {
  const vendor = new Set<string>();
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: 'coinfall:first-load-chunks',
    apply: 'build',
    buildStart() {
      vendor.clear();
      shell.clear();
    },
    buildEnd() {
      if (this.environment.name !== 'client') return;
      const ids = [...this.getModuleIds()];
      const start = ids.filter(
        (id) => CLIENT_ENTRY.test(id) || FIRST_LOAD_ROUTES.some((route) => route.test(id)),
      );
      if (start.length !== FIRST_LOAD_ROUTES.length + 1)
        throw new Error(
          `first-load chunks: expected the client entry, root and home (${start.join(', ')})`,
        );
      const seen = new Set<string>();
      const queue = [...start];
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (seen.has(id)) continue;
        seen.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      for (const id of seen) {
        // The entry modules keep their own chunks (React Router loads them by name).
        if (start.includes(id)) continue;
        (/[\\/]node_modules[\\/]/.test(id) ? vendor : shell).add(id);
      }
    },
  };
  const groups = [
    { name: 'vendor', priority: 2, test: (id: string) => vendor.has(id) },
    { name: 'shell', priority: 1, test: (id: string) => shell.has(id) },
  ];
  return { plugin, groups };
}

const firstLoad = firstLoadChunks();

export default defineConfig({
  plugins: [
    zodWithoutEvalInBrowser(),
    firstLoad.plugin,
    tailwindcss(),
    reactRouter(),
    // Brotli and gzip copies next to each asset, so the server sends them without compressing
    // on every request (@fastify/static `preCompressed`).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|svg|json)$/,
      threshold: 1024,
    }),
  ],
  build: {
    target: 'es2022',
    // SOURCEMAP=1 npm run build: maps to see which module weighs what in a chunk.
    sourcemap: !!process.env.SOURCEMAP,
    // Lazy chunks (modals, the logged-in controls, toasts) load their own imports when they are
    // asked for; listing those imports for preloading put every chunk name into the root chunk,
    // which every guest downloads on the first page (the 120 KB budget, bench/site).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: { output: { codeSplitting: { groups: firstLoad.groups } } },
  },
});
