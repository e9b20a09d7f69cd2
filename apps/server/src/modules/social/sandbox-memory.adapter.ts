import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

// Sandbox traffic is a developer or a test suite: a few thousand live artifacts at most.
const MAX_ENTRIES = 10_000;

/**
 * The sandbox provider's storage: one process's memory, bounded and expiring, which is all a
 * development identity provider needs (a restart only means signing in at the sandbox again).
 * Written out, rather than the library's quick-start adapter, to bound it and say so.
 */
export function createSandboxMemoryAdapter(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  const byGrant = new Map<string, Set<string>>();
  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now()) return entry.payload;
    entries.delete(key);
    return undefined;
  };

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        entries.delete(key);
        entries.set(key, { payload, expiresAt: now() + expiresIn * 1000 });
        if (payload.grantId) {
          const keys = byGrant.get(payload.grantId) ?? new Set<string>();
          byGrant.set(payload.grantId, keys.add(key));
        }
        if (entries.size > MAX_ENTRIES) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
      },
      async find(id) {
        return live(keyOf(id));
      },
      async findByUid(uid) {
        for (const [key, entry] of entries) {
          if (key.startsWith(`${model}:`) && entry.payload.uid === uid) return live(key);
        }
        return undefined;
      },
      async findByUserCode(userCode) {
        for (const [key, entry] of entries) {
          if (key.startsWith(`${model}:`) && entry.payload.userCode === userCode) return live(key);
        }
        return undefined;
      },
      async consume(id) {
        const payload = live(keyOf(id));
        if (payload) payload.consumed = Math.floor(now() / 1000);
      },
      async destroy(id) {
        entries.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const key of byGrant.get(grantId) ?? []) entries.delete(key);
        byGrant.delete(grantId);
      },
    };
  };
}
