// Layer rules of apps/server (docs/decisions/018). From the bottom up: config, db and platform
// (the floors) → modules → app.ts (the composition root) → main.ts. An import may only go down.
const src = './apps/server/src';

export const serverLayers = [
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...[`${src}/config.ts`, `${src}/db`, `${src}/platform`].map((target) => ({
              target,
              from: [`${src}/modules`, `${src}/app.ts`, `${src}/kernel.ts`, `${src}/main.ts`],
              message:
                'config, db and platform are the floors: they import no module and not the root. Move the shared piece down.',
            })),
            {
              target: `${src}/modules`,
              from: [`${src}/app.ts`, `${src}/kernel.ts`, `${src}/main.ts`],
              message:
                'A module never imports the composition root: take what you need as a dependency of your wire<Module>(deps).',
            },
          ],
        },
      ],
    },
  },
  {
    // Another module's repo, service, routes, store or wiring is never built or called from a
    // module: its rules come through its pure *.fns.ts and its capabilities through the deps the
    // root hands to your wiring. Its types stay importable (`Pick<LedgerService, 'post'>`).
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['repo', 'service', 'routes', 'store', 'wiring'].flatMap((role) => [
                `../*/*.${role}.ts`,
                `../../*/*.${role}.ts`,
              ]),
              allowTypeImports: true,
              message:
                'Reach another module through its *.fns.ts, its types, or a capability your wiring receives from the root — never its repo, service, routes or wiring.',
            },
          ],
        },
      ],
    },
  },
];
