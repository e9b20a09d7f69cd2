import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
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
