import type { CSSProperties } from 'react';
import type { SlotMachineDefinition } from '@coinfall/shared/games/slots/slot-machine.types';
import { SlotSymbol, type SymbolTags } from './art/slot-symbol.tsx';
import type { ReelSpin } from './use-slot-round.ts';
import { paylinePoints, ROW_COUNT, spinStartOffset, type SlotHighlight } from './slot-view.fns.ts';

interface SlotReelsProps {
  machine: SlotMachineDefinition;
  grid: string[][];
  spin: ReelSpin | null;
  highlight: SlotHighlight | null;
  tags: SymbolTags;
  label: string;
  /** The grid read out, reel by reel, for screen readers. */
  gridText: string;
}

function kindOf(machine: SlotMachineDefinition, key: string) {
  return machine.symbols.find((s) => s.key === key)?.kind ?? 'regular';
}

function Cell(props: {
  machine: SlotMachineDefinition;
  symbol: string;
  tags: SymbolTags;
  win?: boolean;
  dim?: boolean;
  style?: CSSProperties;
}) {
  const { machine, symbol, tags, win = false, dim = false, style } = props;
  return (
    <div
      className="slot-cell flex items-center justify-center p-[6%]"
      data-win={win}
      data-dim={dim}
      data-symbol={symbol}
      style={style}
    >
      <SlotSymbol
        machine={machine.identity}
        symbol={symbol}
        kind={kindOf(machine, symbol)}
        tags={tags}
      />
    </div>
  );
}

/**
 * The 5 × 3 window. At rest each reel shows its three cells (winning ones lit, the rest dimmed
 * when something won); while spinning each reel is a strip that slides down onto the new window,
 * the fifth landing last.
 */
export function SlotReels({
  machine,
  grid,
  spin,
  highlight,
  tags,
  label,
  gridText,
}: SlotReelsProps) {
  const anyWin = !spin && highlight !== null && highlight.cells.some((reel) => reel.some(Boolean));
  return (
    <section
      aria-label={label}
      className="slot-frame relative rounded-2xl p-2 sm:p-3"
      data-testid="slot-reels"
      data-spinning={spin !== null}
    >
      <p className="sr-only">{gridText}</p>
      <div
        className="relative grid grid-cols-5 gap-1 overflow-hidden rounded-xl"
        aria-hidden="true"
      >
        {grid.map((column, reel) => {
          const strip = spin?.strips[reel];
          return (
            <div key={reel} className="relative aspect-[1/3] overflow-hidden rounded-lg">
              {strip ? (
                <div
                  key={spin.id}
                  className="slot-strip-spinning absolute inset-x-0 top-0 flex flex-col"
                  style={
                    {
                      height: `${(strip.length / ROW_COUNT) * 100}%`,
                      '--slot-spin-from': `${spinStartOffset(strip.length)}%`,
                      '--slot-spin-ms': `${spin.durations[reel] ?? 0}ms`,
                    } as CSSProperties
                  }
                >
                  {strip.map((symbol, i) => (
                    <Cell
                      key={i}
                      machine={machine}
                      symbol={symbol}
                      tags={tags}
                      style={{ height: `${100 / strip.length}%` }}
                    />
                  ))}
                </div>
              ) : (
                <div className="flex h-full flex-col">
                  {column.map((symbol, row) => {
                    const win = highlight?.cells[reel]?.[row] ?? false;
                    return (
                      <Cell
                        key={row}
                        machine={machine}
                        symbol={symbol}
                        tags={tags}
                        win={win}
                        dim={anyWin && !win}
                        style={{ height: `${100 / ROW_COUNT}%` }}
                      />
                    );
                  })}
                </div>
              )}
            </div>
          );
        })}
        {!spin && highlight && highlight.lines.length > 0 && (
          <svg
            className="pointer-events-none absolute inset-0 h-full w-full"
            viewBox="0 0 500 300"
            preserveAspectRatio="none"
            data-testid="slot-paylines"
          >
            {highlight.lines.map((line) => (
              <polyline
                key={line.line}
                className="slot-payline"
                points={paylinePoints(line.rows)}
                fill="none"
                strokeWidth="6"
                strokeLinecap="round"
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
                data-line={line.line}
              />
            ))}
          </svg>
        )}
      </div>
    </section>
  );
}
