/**
 * The studio's catalog (seeded into the database by the server): providers, collections and
 * games, each game naming the math module (engine key) that runs it. The figures shown to
 * players (RTP, volatility) come from the engines themselves, never from this list.
 */
export interface CatalogProvider {
  identity: string;
  name: string;
  hidden?: boolean;
}

export interface CatalogCollection {
  identity: string;
  name: string;
  /** Where it is available; empty = everywhere. */
  countries: string[];
}

export interface CatalogGame {
  identity: string;
  name: string;
  provider: string;
  kind: 'slot' | 'original' | 'table';
  engine: string;
  collections: string[];
  isNew?: boolean;
  popularity: number;
}

export const CATALOG_PROVIDERS: CatalogProvider[] = [
  { identity: 'coinfall-originals', name: 'Coinfall Originals' },
  { identity: 'north-pole-studios', name: 'North Pole Studios' },
  { identity: 'aurora-reels', name: 'Aurora Reels' },
  // The sportsbook behind /sport: a provider of record, never listed (spec §3).
  { identity: 'betsy', name: 'Betsy Sportsbook', hidden: true },
];

export const CATALOG_COLLECTIONS: CatalogCollection[] = [
  { identity: 'popular', name: 'Popular', countries: [] },
  { identity: 'new', name: 'New', countries: [] },
  { identity: 'originals', name: 'Originals', countries: [] },
  { identity: 'slots', name: 'Slots', countries: [] },
  { identity: 'table-games', name: 'Table games', countries: [] },
  { identity: 'holiday', name: 'Holiday', countries: [] },
  // Licensed for these markets only: the games-collection guard keeps others out.
  { identity: 'high-volatility', name: 'High volatility', countries: ['US', 'CA'] },
];

export const CATALOG_GAMES: CatalogGame[] = [
  {
    identity: 'frosty-fortunes',
    name: 'Frosty Fortunes',
    provider: 'north-pole-studios',
    kind: 'slot',
    engine: 'slot:frosty-fortunes',
    collections: ['slots', 'holiday', 'popular', 'new'],
    isNew: true,
    popularity: 100,
  },
  {
    identity: 'lucky-clover',
    name: 'Lucky Clover',
    provider: 'aurora-reels',
    kind: 'slot',
    engine: 'slot:lucky-clover',
    collections: ['slots', 'popular'],
    popularity: 90,
  },
  {
    identity: 'neon-nights',
    name: 'Neon Nights',
    provider: 'aurora-reels',
    kind: 'slot',
    engine: 'slot:neon-nights',
    collections: ['slots', 'new'],
    isNew: true,
    popularity: 70,
  },
  {
    identity: 'pharaohs-vault',
    name: "Pharaoh's Vault",
    provider: 'north-pole-studios',
    kind: 'slot',
    engine: 'slot:pharaohs-vault',
    collections: ['slots', 'high-volatility'],
    popularity: 60,
  },
  {
    identity: 'dragon-hoard',
    name: 'Dragon Hoard',
    provider: 'aurora-reels',
    kind: 'slot',
    engine: 'slot:dragon-hoard',
    collections: ['slots', 'high-volatility', 'popular'],
    popularity: 80,
  },
  {
    identity: 'dice',
    name: 'Dice',
    provider: 'coinfall-originals',
    kind: 'original',
    engine: 'dice',
    collections: ['originals', 'popular'],
    popularity: 95,
  },
  {
    identity: 'limbo',
    name: 'Limbo',
    provider: 'coinfall-originals',
    kind: 'original',
    engine: 'limbo',
    collections: ['originals'],
    popularity: 75,
  },
  {
    identity: 'plinko',
    name: 'Plinko',
    provider: 'coinfall-originals',
    kind: 'original',
    engine: 'plinko',
    collections: ['originals', 'popular'],
    popularity: 85,
  },
  {
    identity: 'mines',
    name: 'Mines',
    provider: 'coinfall-originals',
    kind: 'original',
    engine: 'mines',
    collections: ['originals', 'popular'],
    popularity: 88,
  },
  {
    identity: 'keno',
    name: 'Keno',
    provider: 'coinfall-originals',
    kind: 'original',
    engine: 'keno',
    collections: ['originals'],
    popularity: 50,
  },
  {
    identity: 'hi-lo',
    name: 'Hi-Lo',
    provider: 'coinfall-originals',
    kind: 'original',
    engine: 'hilo',
    collections: ['originals', 'new'],
    isNew: true,
    popularity: 55,
  },
  {
    identity: 'blackjack',
    name: 'Blackjack',
    provider: 'north-pole-studios',
    kind: 'table',
    engine: 'blackjack',
    collections: ['table-games', 'popular'],
    popularity: 78,
  },
  {
    identity: 'roulette',
    name: 'European Roulette',
    provider: 'north-pole-studios',
    kind: 'table',
    engine: 'roulette',
    collections: ['table-games'],
    popularity: 65,
  },
];
