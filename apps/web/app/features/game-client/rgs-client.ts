import type { GameSessionState, RoundAnswer } from '@coinfall/shared';
import type { GameClientApi } from './game-ui';

/**
 * The game server's API as the game client calls it (contracts/rgs.ts), with the game-session
 * token of the launch URL. One Idempotency-Key per player action; a network failure is retried
 * once with the SAME key, so the server answers the first attempt's result if it got there.
 */
export class RgsError extends Error {
  override readonly name = 'RgsError';
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** The client's own code for "no answer at all" (never one of the API's codes). */
export const NETWORK_ERROR_CODE = 'NETWORK';

export interface RgsTransport {
  fetch: typeof fetch;
  newKey(): string;
}

const defaultTransport = (): RgsTransport => ({
  fetch: (input, init) => globalThis.fetch(input, init),
  newKey: () => crypto.randomUUID(),
});

export interface RgsClient extends GameClientApi {
  /** POST /api/rgs/session: balance, bet levels, the open round, the fairness commitment. */
  openSession(): Promise<GameSessionState>;
}

async function errorOf(response: Response): Promise<RgsError> {
  const body = (await response.json().catch(() => null)) as {
    code?: string;
    message?: string;
    requestId?: string;
    details?: Record<string, unknown>;
  } | null;
  return new RgsError(
    response.status,
    body?.code ?? 'INTERNAL',
    body?.message ?? `The game server answered ${response.status}`,
    body?.details,
    body?.requestId,
  );
}

/** Sends once, and once more with the same request if the first never got an answer. */
export async function sendWithOneRetry(send: () => Promise<Response>): Promise<Response> {
  try {
    return await send();
  } catch {
    try {
      return await send();
    } catch {
      throw new RgsError(0, NETWORK_ERROR_CODE, 'The game server could not be reached');
    }
  }
}

export function createRgsClient(
  token: string,
  transport: RgsTransport = defaultTransport(),
): RgsClient {
  async function post<T>(path: string, body: unknown, idempotent: boolean): Promise<T> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `GameSession ${token}`,
    };
    // Made once per action, before the first attempt: the retry must carry the same key.
    if (idempotent) headers['idempotency-key'] = transport.newKey();
    const json = JSON.stringify(body);
    const response = await sendWithOneRetry(() =>
      transport.fetch(path, { method: 'POST', headers, body: json, credentials: 'omit' }),
    );
    if (!response.ok) throw await errorOf(response);
    return (await response.json()) as T;
  }

  return {
    openSession: () => post<GameSessionState>('/api/rgs/session', {}, false),
    startRound: (bet, params, freeSpinId) =>
      post<RoundAnswer>('/api/rgs/rounds', { bet, params, freeSpinId }, true),
    act: (roundId, action) =>
      post<RoundAnswer>(`/api/rgs/rounds/${encodeURIComponent(roundId)}/actions`, { action }, true),
  };
}

/** What the player is shown as the error's code: a game rule's own code, else the API's. */
export function displayCodeOf(error: unknown): string {
  if (!(error instanceof RgsError)) return 'INTERNAL';
  const rule = error.details?.rule ?? error.details?.code;
  return error.code === 'GAME_RULE' && typeof rule === 'string' ? rule : error.code;
}

/** The launch URL carries the token in its fragment (`#token=…`), never in the query. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.trim() ? token.trim() : null;
}
