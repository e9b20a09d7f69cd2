/**
 * A slot machine as data: symbols, reel strips, how wins are counted and what they pay. The
 * generic engine (slot-engine.ts) runs any definition; the five themed machines live in
 * machines/<identity>.ts.
 *
 * Units: every pay is in coins, and the total bet is `coinsPerBet` coins (a line machine bets
 * one coin per line, so a coin is the line bet). Scatter pays and bonus prizes are in multiples
 * of the TOTAL bet. All of them become integer multipliers in 1/10 000 of the total bet
 * (MULTIPLIER_SCALE) when the machine is compiled; the round's payout is
 * `payoutOf(bet, totalMultiplierE4)`, floored once for the whole round.
 */
export type SymbolKind = 'regular' | 'wild' | 'scatter' | 'bonus';

export interface SlotSymbol {
  /** Short key used in reel strips and shown to the client ('A', 'WILD', 'SCAT'…). */
  key: string;
  name: string;
  kind: SymbolKind;
  /** Coins for 3, 4 and 5 of a kind from the leftmost reel (regular symbols only). */
  pays?: readonly [number, number, number];
}

/** Either fixed paylines (rows 0–2 per reel, top to bottom) or all 243 ways. */
export type SlotWinMode =
  | { kind: 'lines'; lines: readonly (readonly [number, number, number, number, number])[] }
  | { kind: 'ways' };

export interface FreeSpinsRule {
  /** Spins awarded for 3, 4 and 5+ scatters (base game and retriggers alike). */
  awards: readonly [number, number, number];
  /** Every free-spin win (lines, scatters, bonus) is multiplied by this integer. */
  multiplier: number;
  /** No more than this many free spins in one round: retriggers are cut to fit. */
  maxSpins: number;
}

/**
 * The bonus feature: 3, 4 or 5+ bonus symbols give `picks[count - 3]` picks; each pick is one
 * float of the round's stream, `floor(f * totalWeight)` choosing a prize by cumulative weight.
 */
export interface BonusRule {
  picks: readonly [number, number, number];
  /** Prize in multiples of the total bet, and its weight (integers). */
  prizes: readonly { multiple: number; weight: number }[];
}

export interface SlotMachineDefinition {
  identity: string;
  name: string;
  theme: string;
  volatility: 'low' | 'medium' | 'high';
  symbols: readonly SlotSymbol[];
  winMode: SlotWinMode;
  /** Total bet in coins: the number of lines for a line machine. */
  coinsPerBet: number;
  /** Multiples of the total bet for 3, 4 and 5+ scatters anywhere. */
  scatterPays: readonly [number, number, number];
  /** Five reel strips of symbol keys separated by spaces. */
  baseReels: readonly string[];
  freeReels: readonly string[];
  freeSpins: FreeSpinsRule;
  bonus?: BonusRule;
  /**
   * The advertised RTP: pinned here, proven equal to `computeSlotStats(machine).rtp` by the
   * tests (check F3), so a change to strips or tables that moves it fails CI.
   */
  rtp: number;
}
