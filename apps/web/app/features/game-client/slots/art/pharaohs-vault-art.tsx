import type { SymbolArt } from './symbol-art.types.ts';

function nemes(stripe: string, cloth: string) {
  return (
    <g>
      <path
        d="M50 8 C24 8 18 30 18 44 L12 86 L36 86 L36 50 L64 50 L64 86 L88 86 L82 44 C82 30 76 8 50 8 Z"
        fill={cloth}
      />
      {[22, 34, 46, 58, 70, 82].map((y) => (
        <line key={y} x1="14" y1={y} x2="86" y2={y} stroke={stripe} strokeWidth="4" opacity="0.9" />
      ))}
    </g>
  );
}

/** Pharaoh's Vault (ancient Egypt): mask, ankh, sarcophagus, pharaoh, scarab, eye of Horus. */
export const pharaohsVaultArt: SymbolArt = {
  WILD: (
    <g>
      {nemes('#1f4e9c', '#e9b730')}
      <ellipse cx="50" cy="46" rx="16" ry="20" fill="#f2c94c" stroke="#9a6b00" strokeWidth="2" />
      <path
        d="M40 42 L46 42 M54 42 L60 42"
        stroke="#1d1d1d"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <rect x="46" y="66" width="8" height="18" rx="2" fill="#9a6b00" />
    </g>
  ),
  SCAT: (
    <g fill="none" stroke="#ffd23f" strokeWidth="8" strokeLinecap="round">
      <ellipse cx="50" cy="26" rx="12" ry="15" />
      <line x1="50" y1="42" x2="50" y2="88" />
      <line x1="24" y1="48" x2="76" y2="48" />
    </g>
  ),
  BONUS: (
    <g>
      <path
        d="M50 6 C70 6 74 24 72 40 L68 90 L32 90 L28 40 C26 24 30 6 50 6 Z"
        fill="#c99a2e"
        stroke="#6b4f0a"
        strokeWidth="3"
      />
      <ellipse cx="50" cy="26" rx="10" ry="12" fill="#f2c94c" />
      <path d="M36 46 L64 46 M38 58 L62 58 M40 70 L60 70" stroke="#1f4e9c" strokeWidth="4" />
      <path d="M44 40 L56 40" stroke="#6b4f0a" strokeWidth="3" />
    </g>
  ),
  PHARAOH: (
    <g>
      {nemes('#ffd23f', '#1f4e9c')}
      <ellipse cx="50" cy="46" rx="15" ry="19" fill="#b9764a" />
      <path d="M40 42 L47 42 M53 42 L60 42" stroke="#111" strokeWidth="3" strokeLinecap="round" />
      <path d="M46 64 L54 64 L52 86 L48 86 Z" fill="#1f4e9c" stroke="#ffd23f" strokeWidth="1.5" />
      <path d="M44 14 C48 8 52 8 56 14 L50 22 Z" fill="#ffd23f" />
    </g>
  ),
  SCARAB: (
    <g>
      <path
        d="M50 40 C20 30 6 44 10 60 C24 54 36 52 48 54 Z"
        fill="#2a9d8f"
        stroke="#0b4f47"
        strokeWidth="2"
      />
      <path
        d="M50 40 C80 30 94 44 90 60 C76 54 64 52 52 54 Z"
        fill="#2a9d8f"
        stroke="#0b4f47"
        strokeWidth="2"
      />
      <ellipse cx="50" cy="62" rx="14" ry="22" fill="#264653" stroke="#0b1f26" strokeWidth="2" />
      <circle cx="50" cy="34" r="9" fill="#e9c46a" stroke="#9a6b00" strokeWidth="2" />
      <line x1="50" y1="44" x2="50" y2="84" stroke="#0b1f26" strokeWidth="2" />
      <path
        d="M38 70 L26 80 M62 70 L74 80 M38 58 L24 62 M62 58 L76 62"
        stroke="#264653"
        strokeWidth="3"
      />
    </g>
  ),
  EYE: (
    <g fill="none" stroke="#1f4e9c" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 44 C30 24 70 24 88 44 C70 58 30 58 12 44 Z" fill="#f8f1dc" />
      <circle cx="50" cy="43" r="10" fill="#1f4e9c" />
      <path d="M14 30 C36 18 64 18 86 28" />
      <path d="M44 56 L40 78 L30 80" />
      <path d="M58 56 C64 70 76 72 78 62 C79 56 72 56 72 62" />
    </g>
  ),
};
