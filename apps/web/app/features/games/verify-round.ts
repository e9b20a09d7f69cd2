import type { Round } from '@coinfall/shared/contracts/rgs';
import { engineOf } from '@coinfall/shared/games/index';
import { replayRound, sameJson, sha256Hex, type ReplayOutcome } from './verifier.fns';

/** The verifier's fields as typed (all text). */
export interface VerifierForm {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  engine: string;
  bet: string;
  params: string;
  actions: string;
}

type FieldError = 'required' | 'invalidNonce' | 'invalidJson';

export type Verification =
  | { kind: 'invalid'; fields: Partial<Record<keyof VerifierForm, FieldError>> }
  | { kind: 'no-engine' }
  | { kind: 'failed'; reason: string }
  | {
      kind: 'done';
      outcome: ReplayOutcome;
      /** Undefined when no commitment was given. */
      commitment?: boolean;
      /** Undefined when there is no stored round to compare with. */
      matchesStored?: boolean;
    };

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Checks the fields; the parsed values when they are all usable. */
export function readVerifierForm(form: VerifierForm) {
  const fields: Partial<Record<keyof VerifierForm, FieldError>> = {};
  if (!form.serverSeed.trim()) fields.serverSeed = 'required';
  if (!form.clientSeed.trim()) fields.clientSeed = 'required';
  if (!/^\d{1,15}$/.test(form.nonce.trim())) fields.nonce = 'invalidNonce';
  if (!/^\d{1,15}$/.test(form.bet.trim())) fields.bet = 'invalidNonce';
  const params = parseJson(form.params.trim() || '{}');
  if (!params.ok) fields.params = 'invalidJson';
  const actions = parseJson(form.actions.trim() || '[]');
  if (!actions.ok || !Array.isArray(actions.value)) fields.actions = 'invalidJson';
  if (Object.keys(fields).length > 0 || !params.ok || !actions.ok)
    return { ok: false as const, fields };
  return {
    ok: true as const,
    seeds: {
      serverSeed: form.serverSeed.trim(),
      clientSeed: form.clientSeed.trim(),
      nonce: Number(form.nonce),
    },
    input: { bet: Number(form.bet), params: params.value, actions: actions.value as unknown[] },
  };
}

/**
 * The whole check: the commitment (when given), the round recomputed with the shared engines,
 * and the comparison with the stored round (when the form came from one). The engines are a
 * static import: a dynamic one would split Vite's preload helper out of the chunk it shares
 * with use-hydrated and cost the home page's first load a file.
 */
export async function verifyInBrowser(form: VerifierForm, stored?: Round): Promise<Verification> {
  const read = readVerifierForm(form);
  if (!read.ok) return { kind: 'invalid', fields: read.fields };
  const engine = engineOf(form.engine);
  if (!engine) return { kind: 'no-engine' };
  try {
    const outcome = await replayRound(engine, read.seeds, read.input);
    const hash = form.serverSeedHash.trim().toLowerCase();
    return {
      kind: 'done',
      outcome,
      commitment: hash ? (await sha256Hex(read.seeds.serverSeed)) === hash : undefined,
      matchesStored: stored
        ? outcome.payout === stored.payout && sameJson(outcome.view, stored.view)
        : undefined,
    };
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}
