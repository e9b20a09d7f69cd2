// Layer rules of packages/shared: the contract package imports no app (docs/decisions/018).
export const sharedLayers = [
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/shared',
              from: './apps',
              message: 'packages/shared is the floor: it imports no app.',
            },
          ],
        },
      ],
    },
  },
];
