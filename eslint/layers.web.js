// Layer rules of apps/web (docs/decisions/018). Filled in by the web layering work.
export const webLayers = [];
