import type {
  SlotMachineDefinition,
  SymbolKind,
} from '@coinfall/shared/games/slots/slot-machine.types';
import type { SlotText } from './slot-text.types.ts';

export interface PaytableRow {
  key: string;
  name: string;
  kind: SymbolKind;
  /** "22 / 86 / 431" coins for a regular symbol; the rule for a special one. */
  pays: string;
}

function numberIn(locale: string, value: number): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

function triple(values: readonly number[], locale: string): string {
  return values.map((v) => numberIn(locale, v)).join(' / ');
}

/** One row per symbol of the machine: specials first (as the definition lists them), then pays. */
export function paytableRowsOf(
  machine: SlotMachineDefinition,
  t: SlotText,
  locale: string,
): PaytableRow[] {
  const maxSpins = machine.freeSpins.awards;
  return machine.symbols.map((symbol): PaytableRow => {
    const base = { key: symbol.key, name: symbol.name, kind: symbol.kind };
    switch (symbol.kind) {
      case 'regular':
        return { ...base, pays: triple(symbol.pays ?? [0, 0, 0], locale) };
      case 'wild':
        return { ...base, pays: t('slot.wildRule') };
      case 'scatter':
        return {
          ...base,
          pays: t('slot.scatterRule', {
            pays: triple(machine.scatterPays, locale),
            awards: maxSpins.join(' / '),
          }),
        };
      case 'bonus': {
        const bonus = machine.bonus;
        const max = bonus ? Math.max(...bonus.prizes.map((p) => p.multiple)) : 0;
        return {
          ...base,
          pays: t('slot.bonusRule', {
            picks: bonus ? bonus.picks.join(' / ') : '0',
            max: numberIn(locale, max),
          }),
        };
      }
    }
  });
}

/** The rules under the table: lines or ways, free spins, coin size and the engine's RTP. */
export function paytableRulesOf(
  machine: SlotMachineDefinition,
  t: SlotText,
  locale: string,
  volatility: 'low' | 'medium' | 'high',
): string[] {
  const coins = machine.coinsPerBet;
  return [
    machine.winMode.kind === 'lines'
      ? t('slot.linesRule', { count: machine.winMode.lines.length, coins })
      : t('slot.waysRule', { coins }),
    t('slot.payUnits', { coins }),
    t('slot.freeSpinsRule', {
      multiplier: machine.freeSpins.multiplier,
      max: machine.freeSpins.maxSpins,
    }),
    t('slot.rtpRule', {
      rtp: new Intl.NumberFormat(locale, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(machine.rtp * 100),
      volatility: t(`risk.${volatility}`),
    }),
  ];
}
