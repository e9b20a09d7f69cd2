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
              from: [`${src}/modules`, `${src}/app.ts`, `${src}/main.ts`],
              message:
                'config, db and platform are the floors: they import no module and not the root. Move the shared piece down.',
            })),
            {
              target: `${src}/modules`,
              from: [`${src}/app.ts`, `${src}/main.ts`],
              message:
                'A module never imports the composition root: take what you need as a dependency of your wire<Module>(deps).',
            },
          ],
        },
      ],
    },
  },
];
