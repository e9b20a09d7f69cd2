/** Where the fairness page's verifier opens with a revealed seed pair, or with a stored round. */
export function verifierHref(
  seeds:
    | { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce?: number }
    | { round: string },
): string {
  const params = new URLSearchParams();
  if ('round' in seeds) params.set('round', seeds.round);
  else {
    params.set('serverSeed', seeds.serverSeed);
    params.set('hash', seeds.serverSeedHash);
    params.set('clientSeed', seeds.clientSeed);
    params.set('nonce', String(seeds.nonce ?? 0));
  }
  return `/fairness?${params.toString()}#verify`;
}
