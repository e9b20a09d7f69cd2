import type { SymbolArt } from './symbol-art.types.ts';

/** Neon Nights (retro arcade): tubes of light drawn as glowing strokes. */
export const neonNightsArt: SymbolArt = {
  WILD: (
    <g fill="none" strokeLinejoin="round">
      <polygon points="50,6 92,46 50,86 8,46" stroke="#7df9ff" strokeWidth="4" />
      <polygon points="50,16 82,46 50,76 18,46" stroke="#ff4fd8" strokeWidth="2" />
      <path d="M30 36 L36 58 L42 44 L48 58 L54 36" stroke="#ff4fd8" strokeWidth="4" />
      <path d="M62 36 L62 58 L72 58" stroke="#7df9ff" strokeWidth="4" />
    </g>
  ),
  SCAT: (
    <g fill="none" strokeWidth="4" strokeLinecap="round">
      <path d="M20 86 L20 42 A30 30 0 0 1 80 42 L80 86 Z" stroke="#ffb703" />
      <path d="M30 48 A20 20 0 0 1 70 48" stroke="#ff4fd8" />
      <circle cx="38" cy="68" r="8" stroke="#7df9ff" />
      <circle cx="62" cy="68" r="8" stroke="#7df9ff" />
      <line x1="30" y1="80" x2="70" y2="80" stroke="#ffb703" />
    </g>
  ),
  SEVEN: (
    <g fill="none" stroke="#ff3864" strokeWidth="8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M24 18 L76 18 L44 84" />
      <path d="M36 50 L64 50" strokeWidth="5" stroke="#ffd23f" />
    </g>
  ),
  BAR: (
    <g>
      <rect
        x="12"
        y="30"
        width="76"
        height="34"
        rx="6"
        fill="none"
        stroke="#7df9ff"
        strokeWidth="4"
      />
      <text
        x="50"
        y="56"
        textAnchor="middle"
        fontSize="24"
        fontWeight="800"
        fill="#7df9ff"
        fontFamily="system-ui, sans-serif"
      >
        BAR
      </text>
    </g>
  ),
  CHERRY: (
    <g fill="none" strokeLinecap="round">
      <path
        d="M36 62 C40 40 52 24 66 16 M64 62 C62 44 64 30 66 16"
        stroke="#39ff14"
        strokeWidth="4"
      />
      <path d="M66 16 C74 12 84 18 80 26 C72 28 68 22 66 16" stroke="#39ff14" strokeWidth="3" />
      <circle cx="34" cy="70" r="13" stroke="#ff3864" strokeWidth="5" />
      <circle cx="64" cy="70" r="13" stroke="#ff3864" strokeWidth="5" />
    </g>
  ),
  BELL: (
    <g fill="none" stroke="#ffd23f" strokeWidth="5" strokeLinejoin="round" strokeLinecap="round">
      <path d="M26 70 C30 60 28 30 50 24 C72 30 70 60 74 70 Z" />
      <line x1="20" y1="72" x2="80" y2="72" />
      <circle cx="50" cy="80" r="5" stroke="#ff4fd8" />
      <line x1="50" y1="24" x2="50" y2="16" />
    </g>
  ),
};
