import { randomUUID } from 'node:crypto';
import { KYC_PROVIDER } from '@coinfall/shared';
import { sandboxOutcome, sandboxUnavailable } from './kyc-sandbox.fns.ts';
import { KycProviderUnavailableError, type KycIdentity, type KycProvider } from './kyc.provider.ts';

/**
 * The built-in tsevo sandbox: behaves like the provider (opaque references, pending first,
 * result on validate, outages) with outcomes chosen by test data — see kyc-sandbox.fns.ts.
 * Like a provider's sandbox account it keeps what it was sent, here in this process: after a
 * restart a check it no longer knows stays pending until the player sends the data again (PUT).
 */
export function createKycSandboxProvider(): KycProvider {
  const checks = new Map<string, KycIdentity>();

  const refuseWhenDown = (identity: KycIdentity) => {
    if (sandboxUnavailable(identity)) {
      throw new KycProviderUnavailableError('tsevo sandbox: simulated outage');
    }
  };

  return {
    name: KYC_PROVIDER,
    async registerPlayer(identity) {
      refuseWhenDown(identity);
      const reference = `tsevo_sbx_${randomUUID()}`;
      checks.set(reference, { ...identity });
      return { reference, status: 'pending' };
    },
    async updatePlayer(reference, identity) {
      refuseWhenDown(identity);
      checks.set(reference, { ...identity });
      return { status: 'pending' };
    },
    async validate(reference) {
      const identity = checks.get(reference);
      if (!identity) return { status: 'pending', reasons: [] };
      refuseWhenDown(identity);
      return sandboxOutcome(identity);
    },
  };
}
