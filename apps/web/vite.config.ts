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

export default defineConfig({
  plugins: [
    zodWithoutEvalInBrowser(),
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
    // Lazy chunks (modals, the logged-in controls, toasts) load their own imports when they are
    // asked for; listing those imports for preloading put every chunk name into the root chunk,
    // which every guest downloads on the first page (the 120 KB budget, bench/site).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
  },
});
