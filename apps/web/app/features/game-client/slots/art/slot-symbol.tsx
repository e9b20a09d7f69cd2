import type { SymbolKind } from '@coinfall/shared/games/slots/slot-machine.types';
import { dragonHoardArt } from './dragon-hoard-art.tsx';
import { frostyFortunesArt } from './frosty-fortunes-art.tsx';
import { luckyCloverArt } from './lucky-clover-art.tsx';
import { neonNightsArt } from './neon-nights-art.tsx';
import { pharaohsVaultArt } from './pharaohs-vault-art.tsx';
import type { SymbolArt } from './symbol-art.types.ts';

const ART_BY_MACHINE: Record<string, SymbolArt> = {
  'frosty-fortunes': frostyFortunesArt,
  'lucky-clover': luckyCloverArt,
  'neon-nights': neonNightsArt,
  'pharaohs-vault': pharaohsVaultArt,
  'dragon-hoard': dragonHoardArt,
};

/** Card ranks share one drawing; each machine colours them through its theme variables. */
const RANK_COLOURS: Record<string, string> = {
  A: 'var(--slot-rank-a)',
  K: 'var(--slot-rank-k)',
  Q: 'var(--slot-rank-q)',
  J: 'var(--slot-rank-j)',
  '10': 'var(--slot-rank-10)',
};

function RankGlyph({ rank }: { rank: string }) {
  const colour = RANK_COLOURS[rank] ?? 'var(--slot-text)';
  return (
    <text
      x="50"
      y="68"
      textAnchor="middle"
      fontSize={rank.length > 1 ? 44 : 56}
      fontWeight="900"
      fontFamily="Georgia, 'Times New Roman', serif"
      fill={colour}
      stroke="var(--slot-rank-stroke)"
      strokeWidth="2.5"
      paintOrder="stroke"
    >
      {rank}
    </text>
  );
}

export interface SymbolTags {
  wild: string;
  scatter: string;
  bonus: string;
}

/** The ribbon that marks a wild, scatter or bonus symbol on the reels. */
function KindTag({ kind, tags }: { kind: Exclude<SymbolKind, 'regular'>; tags: SymbolTags }) {
  return (
    <g>
      <rect x="8" y="78" width="84" height="18" rx="9" fill="var(--slot-tag-bg)" />
      <text
        x="50"
        y="91.5"
        textAnchor="middle"
        fontSize="12"
        fontWeight="800"
        letterSpacing="1"
        fontFamily="system-ui, sans-serif"
        fill="var(--slot-tag-text)"
      >
        {tags[kind]}
      </text>
    </g>
  );
}

interface SlotSymbolProps {
  machine: string;
  symbol: string;
  kind: SymbolKind;
  tags: SymbolTags;
}

/** One symbol of a machine, drawn in SVG (decorative: the reels' text summary names it). */
export function SlotSymbol({ machine, symbol, kind, tags }: SlotSymbolProps) {
  const art = ART_BY_MACHINE[machine]?.[symbol];
  return (
    <svg viewBox="0 0 100 100" className="slot-symbol" aria-hidden="true" focusable="false">
      {art ?? <RankGlyph rank={symbol} />}
      {kind !== 'regular' && <KindTag kind={kind} tags={tags} />}
    </svg>
  );
}
