import { useId } from 'react';
import type { TileTheme } from '../tile-art.fns';

/**
 * Our own tile art: one small SVG scene per theme (no bought or copied assets). Decorative —
 * the tile's link carries the game's name — so it is hidden from assistive technology.
 */
const BACKGROUNDS: Record<TileTheme, readonly [string, string]> = {
  frost: ['#1c4f8f', '#9fd8ff'],
  clover: ['#0f5132', '#41b66e'],
  neon: ['#1a0638', '#7b1fa2'],
  pharaoh: ['#3b2506', '#c8922e'],
  dragon: ['#3a0a0a', '#c0392b'],
  dice: ['#10213f', '#3056b8'],
  limbo: ['#0b1a2c', '#13806d'],
  plinko: ['#2a0f45', '#d6336c'],
  mines: ['#1b2631', '#41576b'],
  keno: ['#3a1f04', '#e67e22'],
  hilo: ['#0d3b3b', '#1abc9c'],
  blackjack: ['#07331f', '#13693f'],
  roulette: ['#2b0610', '#8e1b34'],
  reels: ['#221a4a', '#6a4df4'],
};

function Scene({ theme }: { theme: TileTheme }) {
  switch (theme) {
    case 'frost':
      return (
        <g stroke="#fff" strokeWidth="3" strokeLinecap="round" fill="none">
          {[0, 60, 120].map((a) => (
            <g key={a} transform={`rotate(${a} 80 60)`}>
              <path d="M80 28v64M72 36l8 8 8-8M72 84l8-8 8 8" />
            </g>
          ))}
          <circle cx="30" cy="24" r="3" fill="#fff" stroke="none" />
          <circle cx="132" cy="96" r="4" fill="#fff" stroke="none" />
          <circle cx="128" cy="26" r="2" fill="#fff" stroke="none" />
        </g>
      );
    case 'clover':
      return (
        <g fill="#b7f5c8">
          {[0, 90, 180, 270].map((a) => (
            <g key={a} transform={`rotate(${a} 80 58)`}>
              <circle cx="69" cy="47" r="13" />
              <circle cx="80" cy="40" r="13" />
            </g>
          ))}
          <path d="M80 64q6 26 22 40" stroke="#b7f5c8" strokeWidth="5" fill="none" />
          <circle cx="80" cy="58" r="7" fill="#f5c542" />
        </g>
      );
    case 'neon':
      return (
        <g fill="none" strokeWidth="3">
          <path d="M0 92h160M20 92l30-34M140 92l-30-34M50 58h60" stroke="#ff4fd8" />
          <circle cx="80" cy="44" r="22" stroke="#3ef0ff" />
          <path d="M58 44h44M62 34h36M62 54h36" stroke="#3ef0ff" strokeWidth="2" />
          <path d="M10 104h140" stroke="#ffe066" strokeDasharray="8 6" />
        </g>
      );
    case 'pharaoh':
      return (
        <g>
          <path d="M80 18 138 102H22Z" fill="#f5c542" />
          <path d="M80 18 138 102H96Z" fill="#b07f1a" />
          <path d="M40 76h80M52 58h56M64 40h32" stroke="#7a5410" strokeWidth="2" />
          <circle cx="128" cy="26" r="9" fill="#ffe8a3" />
        </g>
      );
    case 'dragon':
      return (
        <g>
          <path
            d="M24 92q20-50 56-46q-12-18 6-30q-2 16 14 22q30 10 36 54q-14-16-30-14q-10 20-34 14q-20 10-48 0Z"
            fill="#ff7a45"
          />
          <circle cx="92" cy="40" r="3.5" fill="#1b0505" />
          <path d="M104 48q18 2 28-8" stroke="#ffd166" strokeWidth="3" fill="none" />
          <path d="M40 92l6-10 6 10 6-10 6 10" stroke="#ffd166" strokeWidth="2" fill="none" />
        </g>
      );
    case 'dice':
      return (
        <g>
          <rect
            x="36"
            y="30"
            width="50"
            height="50"
            rx="9"
            fill="#fff"
            transform="rotate(-12 61 55)"
          />
          <rect
            x="80"
            y="44"
            width="46"
            height="46"
            rx="9"
            fill="#f5c542"
            transform="rotate(14 103 67)"
          />
          <g fill="#10213f">
            <circle cx="50" cy="46" r="4.5" />
            <circle cx="61" cy="55" r="4.5" />
            <circle cx="72" cy="64" r="4.5" />
            <circle cx="96" cy="58" r="4" />
            <circle cx="110" cy="76" r="4" />
          </g>
        </g>
      );
    case 'limbo':
      return (
        <g>
          <path d="M14 104q70-6 120-84" stroke="#6ff2c6" strokeWidth="4" fill="none" />
          <path d="M124 18l18-6-6 18Z" fill="#fff" />
          <text x="22" y="52" fill="#fff" fontSize="26" fontWeight="800" fontFamily="sans-serif">
            ×2.0
          </text>
        </g>
      );
    case 'plinko':
      return (
        <g>
          {[0, 1, 2, 3, 4].map((row) =>
            Array.from({ length: row + 3 }, (_, i) => (
              <circle
                key={`${row}-${i}`}
                cx={80 + (i - (row + 2) / 2) * 18}
                cy={24 + row * 16}
                r="3"
                fill="#ffd6e7"
              />
            )),
          )}
          <circle cx="89" cy="48" r="6" fill="#f5c542" />
          <path d="M22 106h116" stroke="#ffd6e7" strokeWidth="6" strokeDasharray="14 4" />
        </g>
      );
    case 'mines':
      return (
        <g>
          {[0, 1, 2, 3].map((r) =>
            [0, 1, 2, 3].map((c) => (
              <rect
                key={`${r}-${c}`}
                x={40 + c * 21}
                y={18 + r * 21}
                width="18"
                height="18"
                rx="4"
                fill={r === 1 && c === 2 ? '#ff6b6b' : r + c === 3 ? '#3ddc97' : '#8aa0b6'}
              />
            )),
          )}
          <circle cx="90" cy="48" r="5" fill="#1b2631" />
        </g>
      );
    case 'keno':
      return (
        <g fontFamily="sans-serif" fontSize="11" fontWeight="700" textAnchor="middle">
          {[7, 12, 23, 31, 40, 18].map((n, i) => (
            <g key={n}>
              <circle
                cx={40 + (i % 3) * 40}
                cy={i < 3 ? 42 : 82}
                r="15"
                fill={i % 2 ? '#fff' : '#ffd8a8'}
              />
              <text x={40 + (i % 3) * 40} y={(i < 3 ? 42 : 82) + 4} fill="#3a1f04">
                {n}
              </text>
            </g>
          ))}
        </g>
      );
    case 'hilo':
      return (
        <g fontFamily="sans-serif" fontWeight="800">
          <rect
            x="44"
            y="22"
            width="46"
            height="66"
            rx="6"
            fill="#fff"
            transform="rotate(-8 67 55)"
          />
          <text x="56" y="48" fontSize="18" fill="#c0392b">
            K
          </text>
          <path d="M112 30l14 18h-28Z" fill="#fff" />
          <path d="M112 92l14-18h-28Z" fill="#ffd166" />
        </g>
      );
    case 'blackjack':
      return (
        <g fontFamily="sans-serif" fontWeight="800" fontSize="18">
          <rect
            x="40"
            y="26"
            width="44"
            height="62"
            rx="6"
            fill="#fff"
            transform="rotate(-10 62 57)"
          />
          <rect
            x="74"
            y="28"
            width="44"
            height="62"
            rx="6"
            fill="#fff"
            transform="rotate(8 96 59)"
          />
          <text x="48" y="50" fill="#111">
            A
          </text>
          <text x="84" y="52" fill="#c0392b">
            J
          </text>
          <text x="80" y="112" fontSize="14" fill="#f5c542" textAnchor="middle">
            21
          </text>
        </g>
      );
    case 'roulette':
      return (
        <g>
          <circle cx="80" cy="60" r="42" fill="#111" />
          {Array.from({ length: 12 }, (_, i) => (
            <path
              key={i}
              d="M80 60 80 20A40 40 0 0 1 100 25.4Z"
              fill={i === 0 ? '#1e8449' : i % 2 ? '#c0392b' : '#1c1c1c'}
              transform={`rotate(${i * 30} 80 60)`}
            />
          ))}
          <circle cx="80" cy="60" r="16" fill="#c8922e" />
          <circle cx="97" cy="31" r="4" fill="#fff" />
        </g>
      );
    case 'reels':
      return (
        <g fontFamily="sans-serif" fontWeight="800" fontSize="24" textAnchor="middle">
          {[0, 1, 2].map((i) => (
            <g key={i}>
              <rect x={26 + i * 38} y="30" width="32" height="56" rx="6" fill="#fff" />
              <text x={42 + i * 38} y="67" fill="#6a4df4">
                7
              </text>
            </g>
          ))}
        </g>
      );
  }
}

export function GameArt({ theme, className = '' }: { theme: TileTheme; className?: string }) {
  // useId's characters are not all safe inside url(#…).
  const id = useId().replace(/[^\w-]/g, '');
  const [from, to] = BACKGROUNDS[theme];
  return (
    <svg
      viewBox="0 0 160 120"
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMid slice"
      className={className}
      data-art={theme}
    >
      <defs>
        <linearGradient id={`${id}bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="160" height="120" fill={`url(#${id}bg)`} />
      <Scene theme={theme} />
    </svg>
  );
}
