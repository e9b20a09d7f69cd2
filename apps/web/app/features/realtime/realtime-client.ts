import { Centrifuge, State, UnauthorizedError, type Subscription } from 'centrifuge';
import { REALTIME_PATHS, type RealtimeMessage } from '@coinfall/shared/contracts/realtime';
import { ApiError } from '../../lib/api/api-error.ts';
import { readToken, refreshToken } from '../../lib/session/session';
import { isTokenFresh } from '../../lib/session/session.fns';
import { createMessageDedupe, isRealtimeMessage, playerIdOfToken } from './realtime-messages.fns';
import { realtimeStore } from './realtime-store';

/**
 * The site's one realtime connection (spec §4, decision 013): created on first use in the
 * browser, never on the server. Guests connect without a token and see the public channels; a
 * player connects with the session's access token, which `getToken` refreshes through the
 * session's single refresh in flight (before expiry, and on error 109).
 */

/** Spec §9 "Real-time". */
export const REALTIME_TIMINGS = {
  minReconnectDelay: 500,
  maxReconnectDelay: 20_000,
  timeout: 5_000,
  maxServerPingDelay: 10_000,
  minResubscribeDelay: 500,
  maxResubscribeDelay: 20_000,
} as const;

export interface ChannelListener {
  onMessage: (message: RealtimeMessage) => void;
  /**
   * Publications may have been missed: reload the channel's state. `first` is the first
   * subscribe — state read before it (a loader, a query) may predate a publication sent while
   * the subscription was on its way; `gap` is a resubscribe that did not recover what was missed.
   */
  onResync?: (cause: ResyncCause) => void;
}

export type ResyncCause = 'first' | 'gap';

interface Channel {
  subscription: Subscription;
  listeners: Set<ChannelListener>;
}

let client: Centrifuge | undefined;
const channels = new Map<string, Channel>();
const isNew = createMessageDedupe();
/** The player the connection is for; undefined for a guest. */
let player: string | undefined;
/** A token the gateway called expired (109) although our clock thinks it fresh (skew). */
let rejectedToken: string | undefined;
/**
 * Without a session: a blocked or excluded player's support pass (issue 18), which the gateway
 * accepts for their support channel alone. It is never refreshed: an expired one connects as a
 * guest.
 */
let supportPass: string | undefined;
/**
 * Whose token (session or support pass) the connection holds: `player` and `supportPass` say who
 * it should be for, but an expired pass or a missing token connects as a guest all the same.
 */
let connectedAs: string | undefined;

async function getToken(): Promise<string> {
  if (!player) return supportPass && isTokenFresh(supportPass, Date.now()) ? supportPass : '';
  const token = readToken();
  // An empty token connects as a guest; during a refresh it ends the connection (logged out).
  if (!token) return '';
  if (token !== rejectedToken && isTokenFresh(token, Date.now())) return token;
  try {
    return await refreshToken(token);
  } catch (error) {
    // The session is over: stay disconnected until the site connects with the next one. The
    // session checks of the page log the player out; anything else is retried with backoff.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403))
      throw new UnauthorizedError('session ended');
    throw error;
  }
}

async function getTokenNoted(): Promise<string> {
  const askedFor = { player, supportPass };
  const token = await getToken();
  // A refresh that outlived a change of player is not the new connection's token.
  if (player === askedFor.player && supportPass === askedFor.supportPass)
    connectedAs = playerIdOfToken(token);
  return token;
}

function endpoints() {
  const wsOrigin = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;
  return [
    { transport: 'websocket' as const, endpoint: `${wsOrigin}${REALTIME_PATHS.websocket}` },
    { transport: 'http_stream' as const, endpoint: REALTIME_PATHS.httpStream },
    { transport: 'sse' as const, endpoint: REALTIME_PATHS.sse },
  ];
}

function createClient(): Centrifuge {
  const created = new Centrifuge(endpoints(), {
    emulationEndpoint: REALTIME_PATHS.emulation,
    minReconnectDelay: REALTIME_TIMINGS.minReconnectDelay,
    maxReconnectDelay: REALTIME_TIMINGS.maxReconnectDelay,
    timeout: REALTIME_TIMINGS.timeout,
    maxServerPingDelay: REALTIME_TIMINGS.maxServerPingDelay,
    getToken: getTokenNoted,
  });
  created.on('state', (ctx) => realtimeStore.setConnection(ctx.newState));
  created.on('error', (ctx) => {
    if (ctx.error.code === 109) rejectedToken = readToken();
  });
  return created;
}

/** The client, created and connected on first call (browser only). */
export function startRealtime(): Centrifuge {
  if (typeof window === 'undefined') throw new Error('The realtime client runs in the browser');
  if (!client) {
    client = createClient();
    client.connect();
  }
  return client;
}

/**
 * Who the connection is for: a login reconnects with the player's token, a logout as a guest (or
 * with a blocked or excluded player's support pass).
 * The player's channels are unsubscribed by their listeners before this runs (see RealtimeHost).
 */
export function setRealtimePlayer(playerId: string | undefined, pass?: string): void {
  const active = startRealtime();
  const nextPass = playerId ? undefined : pass;
  if (playerId === player && nextPass === supportPass) return;
  player = playerId;
  supportPass = nextPass;
  rejectedToken = undefined;
  active.setToken('');
  active.disconnect();
  active.connect();
}

/**
 * An RPC on the site's connection if it is open with `playerId`'s credential; undefined when it
 * is not (never connected, reconnecting, a guest's or another player's), so the caller can use
 * HTTP at once instead of waiting for a connection this never starts. The client's `timeout`
 * (REALTIME_TIMINGS.timeout) bounds the call: past it, it rejects with centrifuge's code 1.
 */
export function callRpcIfConnectedAs(
  playerId: string | undefined,
  method: string,
  data: unknown,
): Promise<unknown> | undefined {
  if (!client || client.state !== State.Connected || !playerId || connectedAs !== playerId)
    return undefined;
  return client.rpc(method, data).then((result): unknown => result.data);
}

function openChannel(channel: string): Channel {
  const active = startRealtime();
  const subscription =
    active.getSubscription(channel) ??
    active.newSubscription(channel, {
      minResubscribeDelay: REALTIME_TIMINGS.minResubscribeDelay,
      maxResubscribeDelay: REALTIME_TIMINGS.maxResubscribeDelay,
    });
  const entry: Channel = { subscription, listeners: new Set() };
  subscription.on('state', (ctx) => realtimeStore.setSubscription(channel, ctx.newState));
  subscription.on('publication', (ctx) => {
    const data: unknown = ctx.data;
    if (!isRealtimeMessage(data) || !isNew(channel, data)) return;
    for (const listener of entry.listeners) listener.onMessage(data);
  });
  let subscribedBefore = false;
  subscription.on('subscribed', (ctx) => {
    const cause: ResyncCause = subscribedBefore ? 'gap' : 'first';
    subscribedBefore = true;
    if (ctx.wasRecovering && ctx.recovered) return;
    for (const listener of entry.listeners) listener.onResync?.(cause);
  });
  subscription.subscribe();
  return entry;
}

/**
 * Listens to a channel; the subscription is shared by every listener and ends with the last
 * one. Returns the function that stops listening.
 */
export function listenToChannel(channel: string, listener: ChannelListener): () => void {
  let entry = channels.get(channel);
  if (!entry) {
    entry = openChannel(channel);
    channels.set(channel, entry);
  }
  const current = entry;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    // After the current commit: on a logout the player's channels stop listening just before
    // setRealtimePlayer disconnects, while the server is already closing that socket (the session
    // ended); unsubscribing first would write to a closing WebSocket. Disconnected, nothing is sent.
    queueMicrotask(() => {
      if (current.listeners.size > 0 || channels.get(channel) !== current) return;
      channels.delete(channel);
      client?.removeSubscription(current.subscription);
      realtimeStore.setSubscription(channel, undefined);
    });
  };
}
