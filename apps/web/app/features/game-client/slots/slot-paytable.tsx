import type { SlotMachineDefinition } from '@coinfall/shared/games/slots/slot-machine.types';
import { SlotSymbol, type SymbolTags } from './art/slot-symbol.tsx';
import type { SlotText } from './slot-text.types.ts';
import { paytableRowsOf, paytableRulesOf } from './slot-paytable.fns.ts';

interface SlotPaytableProps {
  machine: SlotMachineDefinition;
  t: SlotText;
  tags: SymbolTags;
  locale: string;
  volatility: 'low' | 'medium' | 'high';
}

/** The machine's pays and rules, generated from its definition, behind a disclosure. */
export function SlotPaytable({ machine, t, tags, locale, volatility }: SlotPaytableProps) {
  const rows = paytableRowsOf(machine, t, locale);
  const rules = paytableRulesOf(machine, t, locale, volatility);
  return (
    <details className="rounded-xl bg-black/30 p-3 text-sm">
      <summary className="cursor-pointer font-semibold">{t('slot.paytable')}</summary>
      <table className="mt-3 w-full border-collapse text-left">
        <thead>
          <tr>
            <th scope="col" className="pb-2">
              {t('slot.colSymbol')}
            </th>
            <th scope="col" className="pb-2">
              {t('slot.colPays')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-white/10">
              <th scope="row" className="flex items-center gap-2 py-1 font-normal">
                <span className="slot-cell inline-block size-10 shrink-0 rounded-md p-0.5">
                  <SlotSymbol
                    machine={machine.identity}
                    symbol={row.key}
                    kind={row.kind}
                    tags={tags}
                  />
                </span>
                {row.name}
              </th>
              <td className="py-1 tabular-nums">{row.pays}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-3 list-disc space-y-1 ps-5">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </details>
  );
}
