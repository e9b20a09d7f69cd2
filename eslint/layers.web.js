// Layer rules of apps/web (docs/decisions/018): ui ← lib ← features ← {routes, modals, shell}.
// i18n and packages/shared sit under all of them. Type-only imports count too: no-cycle skips
// them, so these zones are what keep a type from pointing upwards.
import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
const app = path.join(repo, 'apps/web/app');
const at = (...parts) => path.join(app, ...parts);

/** The app's top: the route table, the root module and the server entry. */
const TOP = ['root.tsx', 'routes.ts', 'entry.server.tsx'].map((file) => at(file));
const ABOVE_FEATURES = [at('routes'), at('modals'), at('shell'), ...TOP];

const features = fs
  .readdirSync(at('features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const zones = [
  {
    target: at('i18n'),
    from: [at('ui'), at('lib'), at('features'), ...ABOVE_FEATURES],
    message: 'i18n is a floor: it imports nothing else of the app.',
  },
  {
    target: at('ui'),
    from: [at('lib'), at('features'), ...ABOVE_FEATURES],
    message:
      'ui is presentation only: it imports i18n, shared and libraries, never lib or a feature.',
  },
  {
    target: at('lib'),
    from: [at('ui'), at('features'), ...ABOVE_FEATURES],
    message:
      'lib (API client, session, query client, root data, modal store) imports only i18n and shared.',
  },
  {
    target: at('features'),
    from: ABOVE_FEATURES,
    message: 'A feature never imports a route, a modal screen or the shell: they compose features.',
  },
  {
    target: at('modals'),
    from: [at('routes'), ...TOP],
    message: 'Modal screens compose features and ui; they do not import routes.',
  },
  // The back office (apps/web/app/admin, decision 038) is a zone of its own beside the features:
  // it builds on ui, lib and i18n and may use a feature's top-level (pure) files, never the player
  // shell, modals or routes; and nothing of the player site imports it, so none of its code can
  // reach the player pages' chunks.
  {
    target: at('admin'),
    from: ABOVE_FEATURES,
    message:
      'The back office builds on ui, lib, i18n and features’ top-level files; never the player shell, modals or routes.',
  },
  {
    target: at('admin'),
    from: features.map((name) => `${at('features', name)}/*/**`),
    message: `The back office may use a feature's top-level files only, never its components/, api/ or hooks/.`,
  },
  {
    target: [at('ui'), at('lib'), at('i18n'), at('features'), ...ABOVE_FEATURES],
    from: at('admin'),
    message: 'The player site never imports the back office (apps/web/app/admin).',
  },
  // A feature may use another feature's top-level files (its public surface), never what sits in
  // its folders (components/, api/, hooks/…).
  ...features.map((name) => ({
    target: at('features', name),
    from: features
      .filter((other) => other !== name)
      .map((other) => `${at('features', other)}/*/**`),
    message: `Import another feature's top-level files only, never its components/, api/ or hooks/.`,
  })),
];

export const webLayers = [
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: repo, zones }],
    },
  },
];
