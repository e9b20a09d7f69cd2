// Layer rules of apps/server (docs/decisions/018). Filled in by the server layering work.
export const serverLayers = [];
