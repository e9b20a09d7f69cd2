import {
  BetStatus,
  GAME_KINDS,
  VOLATILITIES,
  type Game,
  type GameListQuery,
  type Spin,
} from '@coinfall/shared';

/** A column the game list can be ordered by; the repo maps each onto SQL. */
export type GameSortKey = 'position' | 'name' | 'popularity' | 'isNew' | 'createdAt' | 'rtp' | 'id';
export interface GameOrder {
  key: GameSortKey;
  direction: 'asc' | 'desc';
}

/**
 * Each sort's natural order (what `sortOrder=asc`, the default, means): `default` is the
 * lobby position then name, `popularity` the most played first, `new` the new games first then
 * the latest added, `name` A→Z, `rtp` lowest first. `sortOrder=desc` reverses the whole order.
 * Name and id always end it, so pages never overlap.
 */
export function gameOrderOf(
  sortBy: GameListQuery['sortBy'],
  sortOrder: GameListQuery['sortOrder'],
): GameOrder[] {
  const natural: GameOrder[] = (() => {
    switch (sortBy) {
      case 'default':
        return [{ key: 'position', direction: 'asc' }];
      case 'name':
        return [];
      case 'popularity':
        return [{ key: 'popularity', direction: 'desc' }];
      case 'new':
        return [
          { key: 'isNew', direction: 'desc' },
          { key: 'createdAt', direction: 'desc' },
        ];
      case 'rtp':
        return [{ key: 'rtp', direction: 'asc' }];
    }
  })();
  const order: GameOrder[] = [
    ...natural,
    { key: 'name', direction: 'asc' },
    { key: 'id', direction: 'asc' },
  ];
  if (sortOrder === 'asc') return order;
  return order.map((o) => ({ key: o.key, direction: o.direction === 'asc' ? 'desc' : 'asc' }));
}

/** `%text%` for ILIKE with the player's own `%`, `_` and `\` matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Spec §3: a collection with countries is available only there. A caller whose country is
 * unknown (a guest, or a player who has not given one) is refused: licences fail closed.
 */
export function isCollectionAvailable(countries: string[], country: string | null): boolean {
  if (countries.length === 0) return true;
  return country !== null && countries.includes(country.toUpperCase());
}

export interface GameRow {
  id: number;
  identity: string;
  name: string;
  kind: string;
  rtp: string;
  volatility: string;
  isNew: boolean;
  /** Where it may be seen and played; empty = everywhere (decision 055). */
  countries: string[];
  providerId: number;
  providerIdentity: string;
  providerName: string;
  isFavorite: boolean;
}

function oneOf<T extends string>(values: readonly T[], value: string, what: string): T {
  if ((values as readonly string[]).includes(value)) return value as T;
  throw new Error(`games row holds an unknown ${what}: ${value}`);
}

export function toGame(row: GameRow, collections: string[]): Game {
  return {
    id: row.id,
    identity: row.identity,
    name: row.name,
    provider: { id: row.providerId, identity: row.providerIdentity, name: row.providerName },
    kind: oneOf(GAME_KINDS, row.kind, 'kind'),
    collections,
    rtp: row.rtp,
    volatility: oneOf(VOLATILITIES, row.volatility, 'volatility'),
    isNew: row.isNew,
    isFavorite: row.isFavorite,
  };
}

export interface SpinRow {
  id: string;
  gameId: number;
  gameIdentity: string;
  gameName: string;
  currency: string;
  bet: number;
  payout: number;
  status: number;
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
  createdAt: Date;
  settledAt: Date | null;
}

const BET_STATUSES = Object.values(BetStatus);

export function toSpin(row: SpinRow): Spin {
  const status = BET_STATUSES.find((s) => s === row.status);
  if (status === undefined)
    throw new Error(`game_rounds row holds an unknown status: ${row.status}`);
  return {
    ...row,
    status,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}
