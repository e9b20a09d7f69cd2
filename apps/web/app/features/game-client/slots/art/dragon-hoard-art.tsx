import type { SymbolArt } from './symbol-art.types.ts';

/** Dragon Hoard (fantasy): flame, dragon egg, treasure, dragon, knight, sword, shield. */
export const dragonHoardArt: SymbolArt = {
  WILD: (
    <g>
      <path
        d="M50 6 C62 26 82 36 78 62 C76 80 62 90 50 90 C36 90 22 80 22 62 C22 46 34 40 36 26 C44 34 44 44 46 48 C50 36 46 20 50 6 Z"
        fill="#f3722c"
        stroke="#9d0208"
        strokeWidth="3"
      />
      <path
        d="M50 44 C58 56 66 62 62 74 C60 82 54 86 50 86 C42 86 36 80 38 70 C40 62 48 58 50 44 Z"
        fill="#ffd23f"
      />
    </g>
  ),
  SCAT: (
    <g>
      <ellipse cx="50" cy="52" rx="26" ry="34" fill="#6a4c93" stroke="#2d1e4a" strokeWidth="3" />
      {[
        [40, 36],
        [58, 30],
        [60, 52],
        [40, 60],
        [52, 74],
      ].map(([x, y]) => (
        <path
          key={`${x}-${y}`}
          d={`M${x! - 6} ${y} Q${x} ${y! - 8} ${x! + 6} ${y}`}
          fill="none"
          stroke="#c77dff"
          strokeWidth="3"
        />
      ))}
      <path
        d="M30 40 C34 26 42 20 48 18"
        stroke="#e0aaff"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </g>
  ),
  BONUS: (
    <g>
      <ellipse cx="50" cy="84" rx="40" ry="8" fill="#ffd23f" />
      <path d="M18 48 L82 48 L82 82 L18 82 Z" fill="#8a5a2b" stroke="#4a2c10" strokeWidth="3" />
      <path d="M18 48 C18 26 82 26 82 48 Z" fill="#a0673a" stroke="#4a2c10" strokeWidth="3" />
      <rect x="18" y="46" width="64" height="6" fill="#ffd23f" />
      <rect
        x="44"
        y="52"
        width="12"
        height="12"
        rx="2"
        fill="#ffd23f"
        stroke="#9a6b00"
        strokeWidth="2"
      />
      <circle cx="30" cy="30" r="4" fill="#4cc9f0" />
      <circle cx="68" cy="28" r="4" fill="#e63946" />
    </g>
  ),
  DRAGON: (
    <g>
      <path
        d="M30 30 L20 8 L40 24 M70 30 L80 8 L60 24"
        fill="#9d0208"
        stroke="#370617"
        strokeWidth="2"
      />
      <path
        d="M20 40 C24 22 76 22 80 40 L86 70 C80 86 20 86 14 70 Z"
        fill="#2b9348"
        stroke="#0b3d1b"
        strokeWidth="3"
      />
      <path d="M30 70 L70 70 L64 80 L36 80 Z" fill="#80b918" />
      <path
        d="M32 46 L44 50 L32 54 Z M68 46 L56 50 L68 54 Z"
        fill="#ffd23f"
        stroke="#370617"
        strokeWidth="1.5"
      />
      <circle cx="42" cy="70" r="2.5" fill="#0b3d1b" />
      <circle cx="58" cy="70" r="2.5" fill="#0b3d1b" />
      <path d="M36 80 L40 86 M64 80 L60 86" stroke="#ffffff" strokeWidth="3" />
    </g>
  ),
  KNIGHT: (
    <g>
      <path
        d="M24 86 L24 42 C24 16 76 16 76 42 L76 86 Z"
        fill="#adb5bd"
        stroke="#343a40"
        strokeWidth="3"
      />
      <rect x="30" y="44" width="40" height="8" rx="2" fill="#212529" />
      {[36, 44, 52, 60].map((x) => (
        <rect key={x} x={x} y="58" width="4" height="14" fill="#212529" />
      ))}
      <path d="M50 16 C56 6 70 6 74 12 C64 12 58 16 54 22 Z" fill="#e63946" />
      <line x1="50" y1="20" x2="50" y2="42" stroke="#343a40" strokeWidth="2" />
    </g>
  ),
  SWORD: (
    <g>
      <path
        d="M50 6 L58 18 L58 62 L42 62 L42 18 Z"
        fill="#dee2e6"
        stroke="#495057"
        strokeWidth="2.5"
      />
      <line x1="50" y1="14" x2="50" y2="60" stroke="#adb5bd" strokeWidth="2" />
      <rect
        x="28"
        y="62"
        width="44"
        height="7"
        rx="3"
        fill="#ffd23f"
        stroke="#9a6b00"
        strokeWidth="2"
      />
      <rect x="46" y="69" width="8" height="16" fill="#6b3e1f" />
      <circle cx="50" cy="88" r="5" fill="#ffd23f" stroke="#9a6b00" strokeWidth="2" />
    </g>
  ),
  SHIELD: (
    <g>
      <path
        d="M50 8 L84 18 C84 54 72 76 50 90 C28 76 16 54 16 18 Z"
        fill="#1d4e89"
        stroke="#0b1f3a"
        strokeWidth="3"
      />
      <path d="M50 8 L50 90 M18 40 L82 40" stroke="#ffd23f" strokeWidth="7" />
    </g>
  ),
};
