import type { SymbolArt } from './symbol-art.types.ts';

const LEAF = 'M50 46 C38 20 14 30 26 46 C14 62 38 72 50 46 Z';

/** Lucky Clover (Irish luck): rainbow, clover, pot of gold, leprechaun, horseshoe, hat. */
export const luckyCloverArt: SymbolArt = {
  WILD: (
    <g fill="none" strokeWidth="6">
      <path d="M14 70 A36 36 0 0 1 86 70" stroke="#e63946" />
      <path d="M20 70 A30 30 0 0 1 80 70" stroke="#f4a261" />
      <path d="M26 70 A24 24 0 0 1 74 70" stroke="#ffd23f" />
      <path d="M32 70 A18 18 0 0 1 68 70" stroke="#2a9d4b" />
      <path d="M38 70 A12 12 0 0 1 62 70" stroke="#4895ef" />
      <g fill="#ffffff" stroke="none">
        <circle cx="16" cy="72" r="8" />
        <circle cx="26" cy="74" r="7" />
        <circle cx="84" cy="72" r="8" />
        <circle cx="74" cy="74" r="7" />
      </g>
    </g>
  ),
  SCAT: (
    <g>
      {[0, 90, 180, 270].map((angle) => (
        <path
          key={angle}
          d={LEAF}
          transform={`rotate(${angle + 45} 50 46)`}
          fill="#3bb54a"
          stroke="#1e6b2a"
          strokeWidth="2.5"
        />
      ))}
      <path
        d="M50 48 C54 64 58 74 66 84"
        fill="none"
        stroke="#1e6b2a"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </g>
  ),
  BONUS: (
    <g>
      <circle cx="38" cy="30" r="8" fill="#ffd23f" stroke="#b8860b" strokeWidth="2" />
      <circle cx="54" cy="26" r="8" fill="#ffd23f" stroke="#b8860b" strokeWidth="2" />
      <circle cx="66" cy="32" r="8" fill="#ffd23f" stroke="#b8860b" strokeWidth="2" />
      <path
        d="M18 38 L82 38 C90 60 80 84 50 84 C20 84 10 60 18 38 Z"
        fill="#23272f"
        stroke="#0b0d10"
        strokeWidth="3"
      />
      <rect x="14" y="34" width="72" height="8" rx="4" fill="#3a3f4a" />
      <path d="M36 58 L64 58" stroke="#ffd23f" strokeWidth="3" />
    </g>
  ),
  LEPRECHAUN: (
    <g>
      <rect x="30" y="8" width="40" height="26" rx="3" fill="#1e7b34" />
      <rect x="18" y="32" width="64" height="7" rx="3" fill="#14521f" />
      <rect x="30" y="24" width="40" height="6" fill="#222" />
      <rect x="45" y="23" width="10" height="8" fill="#ffd23f" />
      <circle cx="50" cy="54" r="17" fill="#f6c9a8" />
      <path d="M30 54 C30 92 70 92 70 54 C62 66 38 66 30 54 Z" fill="#e76f26" />
      <circle cx="43" cy="51" r="2.5" fill="#222" />
      <circle cx="57" cy="51" r="2.5" fill="#222" />
      <path d="M43 62 Q50 67 57 62" stroke="#7a2e0e" strokeWidth="2.5" fill="none" />
    </g>
  ),
  HORSESHOE: (
    <g>
      <path
        d="M26 20 L26 52 A24 24 0 0 0 74 52 L74 20"
        fill="none"
        stroke="#d4a017"
        strokeWidth="14"
        strokeLinecap="round"
      />
      <path
        d="M26 20 L26 52 A24 24 0 0 0 74 52 L74 20"
        fill="none"
        stroke="#ffe082"
        strokeWidth="4"
        strokeLinecap="round"
      />
      {[
        [26, 30],
        [26, 48],
        [74, 30],
        [74, 48],
        [38, 70],
        [62, 70],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="2.5" fill="#6b4f0a" />
      ))}
    </g>
  ),
  HAT: (
    <g>
      <path d="M32 18 L68 18 L72 64 L28 64 Z" fill="#2a9d4b" stroke="#14521f" strokeWidth="3" />
      <ellipse cx="50" cy="68" rx="38" ry="9" fill="#1e7b34" stroke="#14521f" strokeWidth="3" />
      <rect x="29" y="50" width="42" height="9" fill="#222" />
      <rect x="44" y="48" width="12" height="13" fill="none" stroke="#ffd23f" strokeWidth="3" />
      <path d="M58 30 C64 22 72 26 66 34 C74 36 68 44 62 38" fill="#3bb54a" />
    </g>
  ),
};
