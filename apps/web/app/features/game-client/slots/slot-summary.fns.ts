import type { SlotMachineDefinition } from '@coinfall/shared/games/slots/slot-machine.types';
import type { GameCurrency } from '@coinfall/shared/contracts/game';
import { formatCoins } from '../display.fns.ts';
import type { SlotText } from './slot-text.types.ts';
import { winAmount, type SlotSpinView } from './slot-view.fns.ts';

export interface SummaryContext {
  machine: SlotMachineDefinition;
  /** The round's total bet, minor units. */
  bet: number;
  currency: GameCurrency;
  locale: string;
  /** The round is over (no free spins left). */
  done: boolean;
}

function nameOf(machine: SlotMachineDefinition, key: string): string {
  return machine.symbols.find((s) => s.key === key)?.name ?? key;
}

/**
 * One sentence per win of a spin, then the spin's total and, when a free-spin sequence ends,
 * the whole round's: what the live region announces and the panel under the reels shows.
 */
export function summaryLinesOf(view: SlotSpinView, ctx: SummaryContext, t: SlotText): string[] {
  const { machine, bet, currency, locale } = ctx;
  const money = (minor: number) => formatCoins(minor, currency, locale);
  const lines: string[] = [];
  for (const win of view.lineWins) {
    const params = {
      count: win.count,
      symbol: nameOf(machine, win.symbol),
      amount: money(winAmount(bet, win.winE4)),
    };
    lines.push(
      win.line === null
        ? t(win.ways > 1 ? 'slot.waysWin' : 'slot.waysWinOne', { ...params, ways: win.ways })
        : t('slot.lineWin', { ...params, line: win.line }),
    );
  }
  const scatter = machine.symbols.find((s) => s.kind === 'scatter');
  if (view.scatter.winE4 > 0 && scatter)
    lines.push(
      t('slot.scatterWin', {
        count: view.scatter.count,
        symbol: scatter.name,
        amount: money(winAmount(bet, view.scatter.winE4)),
      }),
    );
  const bonus = machine.symbols.find((s) => s.kind === 'bonus');
  if (view.bonus.prizesE4.length > 0 && bonus)
    lines.push(
      t('slot.bonusWin', {
        symbol: bonus.name,
        count: view.bonus.prizesE4.length,
        amount: money(
          winAmount(
            bet,
            view.bonus.prizesE4.reduce((a, b) => a + b, 0),
          ),
        ),
      }),
    );
  if (view.freeSpins.won > 0)
    lines.push(
      t(view.phase === 'free' ? 'slot.freeSpinsRetrigger' : 'slot.freeSpinsWon', {
        count: view.freeSpins.won,
      }),
    );
  if (view.spinWinE4 === 0 && view.freeSpins.won === 0) lines.push(t('slot.noWin'));
  else if (view.spinWinE4 > 0 && lines.length > 1)
    lines.push(t('slot.spinWin', { amount: money(winAmount(bet, view.spinWinE4)) }));
  if (view.phase === 'free' && ctx.done)
    lines.push(t('slot.sequenceTotal', { amount: money(view.payout) }));
  return lines;
}

/** The summary as one polite announcement. */
export function summaryTextOf(view: SlotSpinView, ctx: SummaryContext, t: SlotText): string {
  return summaryLinesOf(view, ctx, t).join('. ');
}

/** The window as text, reel by reel, top to bottom ("Reel 1: Santa, Ace, Queen. Reel 2: …"). */
export function gridTextOf(grid: string[][], machine: SlotMachineDefinition, t: SlotText): string {
  return grid
    .map((column, reel) =>
      t('slot.reelText', {
        reel: reel + 1,
        symbols: column.map((key) => nameOf(machine, key)).join(', '),
      }),
    )
    .join('. ');
}
