import type { SymbolArt } from './symbol-art.types.ts';

/** Frosty Fortunes (holiday): star, snowflake, gift, Santa, sleigh, reindeer, snowman. */
export const frostyFortunesArt: SymbolArt = {
  WILD: (
    <g>
      <circle cx="50" cy="46" r="34" fill="#fff6c9" opacity="0.35" />
      <polygon
        points="50,10 60,36 88,37 66,54 74,82 50,66 26,82 34,54 12,37 40,36"
        fill="#ffd23f"
        stroke="#b8860b"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <circle cx="50" cy="48" r="6" fill="#fff8dc" />
    </g>
  ),
  SCAT: (
    <g stroke="#bfe9ff" strokeWidth="5" strokeLinecap="round" fill="none">
      {[0, 60, 120].map((angle) => (
        <g key={angle} transform={`rotate(${angle} 50 46)`}>
          <line x1="50" y1="12" x2="50" y2="80" />
          <polyline points="40,20 50,28 60,20" />
          <polyline points="40,72 50,64 60,72" />
        </g>
      ))}
      <circle cx="50" cy="46" r="7" fill="#e8f8ff" stroke="#6cc4f0" strokeWidth="3" />
    </g>
  ),
  BONUS: (
    <g>
      <rect
        x="18"
        y="38"
        width="64"
        height="46"
        rx="4"
        fill="#d62839"
        stroke="#8d1421"
        strokeWidth="3"
      />
      <rect
        x="14"
        y="30"
        width="72"
        height="14"
        rx="3"
        fill="#e63946"
        stroke="#8d1421"
        strokeWidth="3"
      />
      <rect x="44" y="30" width="12" height="54" fill="#2a9d4b" />
      <path
        d="M50 30 C36 10 22 22 36 30 Z M50 30 C64 10 78 22 64 30 Z"
        fill="#2a9d4b"
        stroke="#1b6b33"
        strokeWidth="2"
      />
    </g>
  ),
  SANTA: (
    <g>
      <path d="M22 44 C28 14 62 8 78 26 L86 48 Z" fill="#d62839" />
      <circle cx="86" cy="50" r="7" fill="#ffffff" />
      <circle cx="50" cy="56" r="22" fill="#f6c9a8" />
      <rect x="18" y="40" width="64" height="12" rx="6" fill="#ffffff" />
      <path d="M28 62 C30 92 70 92 72 62 C64 72 36 72 28 62 Z" fill="#ffffff" />
      <circle cx="42" cy="58" r="3" fill="#2b2b2b" />
      <circle cx="58" cy="58" r="3" fill="#2b2b2b" />
      <circle cx="50" cy="65" r="4" fill="#e07a7a" />
    </g>
  ),
  SLEIGH: (
    <g>
      <path
        d="M18 34 L30 34 L36 58 L78 58 C88 58 90 44 82 40 L86 34 C96 42 94 66 78 68 L30 68 Z"
        fill="#c1121f"
        stroke="#6a040f"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M12 80 L84 80 C94 80 94 70 88 68"
        fill="none"
        stroke="#e9c46a"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <line x1="34" y1="68" x2="34" y2="80" stroke="#e9c46a" strokeWidth="4" />
      <line x1="70" y1="68" x2="70" y2="80" stroke="#e9c46a" strokeWidth="4" />
      <rect x="44" y="40" width="18" height="16" rx="2" fill="#2a9d4b" />
    </g>
  ),
  REINDEER: (
    <g>
      <path
        d="M34 30 L22 10 M28 20 L16 18 M66 30 L78 10 M72 20 L84 18"
        stroke="#8a5a2b"
        strokeWidth="5"
        strokeLinecap="round"
        fill="none"
      />
      <ellipse cx="50" cy="52" rx="22" ry="28" fill="#a0673a" />
      <ellipse cx="26" cy="40" rx="9" ry="5" fill="#a0673a" transform="rotate(-25 26 40)" />
      <ellipse cx="74" cy="40" rx="9" ry="5" fill="#a0673a" transform="rotate(25 74 40)" />
      <ellipse cx="50" cy="68" rx="13" ry="10" fill="#d9a77a" />
      <circle cx="50" cy="74" r="7" fill="#e63946" />
      <circle cx="41" cy="46" r="3.5" fill="#1d1d1d" />
      <circle cx="59" cy="46" r="3.5" fill="#1d1d1d" />
    </g>
  ),
  SNOWMAN: (
    <g>
      <circle cx="50" cy="66" r="22" fill="#f8fbff" stroke="#9cc7e4" strokeWidth="2" />
      <circle cx="50" cy="36" r="15" fill="#f8fbff" stroke="#9cc7e4" strokeWidth="2" />
      <rect x="36" y="10" width="28" height="14" fill="#1f2937" />
      <rect x="30" y="22" width="40" height="5" fill="#1f2937" />
      <polygon points="50,38 66,41 50,43" fill="#f77f00" />
      <circle cx="44" cy="33" r="2.5" fill="#1f2937" />
      <circle cx="56" cy="33" r="2.5" fill="#1f2937" />
      <path d="M36 50 L64 50 L60 58 L40 56 Z" fill="#d62839" />
      <circle cx="50" cy="64" r="2.5" fill="#1f2937" />
      <circle cx="50" cy="74" r="2.5" fill="#1f2937" />
    </g>
  ),
};
