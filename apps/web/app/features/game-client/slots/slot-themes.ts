import type { CSSProperties } from 'react';

type ThemeVars = Record<`--slot-${string}`, string>;

const COMMON: ThemeVars = {
  '--slot-tag-bg': 'rgba(0, 0, 0, 0.72)',
  '--slot-tag-text': '#ffffff',
  '--slot-rank-stroke': 'rgba(0, 0, 0, 0.55)',
};

/** Frame, cell and payline colours of each machine (its art brings its own). */
const THEMES: Record<string, ThemeVars> = {
  'frosty-fortunes': {
    '--slot-bg': 'linear-gradient(180deg, #0b2a4a 0%, #123e6b 60%, #1b5285 100%)',
    '--slot-frame': '#c1121f',
    '--slot-frame-2': '#f1f7ff',
    '--slot-cell': '#0e3358',
    '--slot-cell-win': '#1f5d94',
    '--slot-accent': '#ffd23f',
    '--slot-line': '#ffd23f',
    '--slot-text': '#f1f7ff',
    '--slot-rank-a': '#e63946',
    '--slot-rank-k': '#8ecae6',
    '--slot-rank-q': '#2a9d4b',
    '--slot-rank-j': '#ffd23f',
    '--slot-rank-10': '#f1f7ff',
  },
  'lucky-clover': {
    '--slot-bg': 'linear-gradient(180deg, #0f3d1c 0%, #1e6b2a 100%)',
    '--slot-frame': '#d4a017',
    '--slot-frame-2': '#14521f',
    '--slot-cell': '#f4f1de',
    '--slot-cell-win': '#fff3b0',
    '--slot-accent': '#ffd23f',
    '--slot-line': '#e63946',
    '--slot-text': '#fdf6e3',
    '--slot-rank-a': '#1e7b34',
    '--slot-rank-k': '#d4a017',
    '--slot-rank-q': '#e76f26',
    '--slot-rank-j': '#4895ef',
    '--slot-rank-10': '#6a4c93',
    '--slot-rank-stroke': 'rgba(255, 255, 255, 0.8)',
  },
  'neon-nights': {
    '--slot-bg': 'linear-gradient(180deg, #0a0014 0%, #1a0033 100%)',
    '--slot-frame': '#ff4fd8',
    '--slot-frame-2': '#7df9ff',
    '--slot-cell': '#120024',
    '--slot-cell-win': '#2e0a52',
    '--slot-accent': '#7df9ff',
    '--slot-line': '#39ff14',
    '--slot-text': '#f5e9ff',
    '--slot-rank-a': '#ff3864',
    '--slot-rank-k': '#7df9ff',
    '--slot-rank-q': '#39ff14',
    '--slot-rank-j': '#ffd23f',
    '--slot-rank-10': '#c77dff',
    '--slot-glow': 'drop-shadow(0 0 3px currentColor) drop-shadow(0 0 6px #ff4fd8)',
  },
  'pharaohs-vault': {
    '--slot-bg': 'linear-gradient(180deg, #3b2a0a 0%, #7a5514 100%)',
    '--slot-frame': '#e9b730',
    '--slot-frame-2': '#1f4e9c',
    '--slot-cell': '#f3e3b8',
    '--slot-cell-win': '#ffe8a0',
    '--slot-accent': '#e9b730',
    '--slot-line': '#1f4e9c',
    '--slot-text': '#fff7e0',
    '--slot-rank-a': '#1f4e9c',
    '--slot-rank-k': '#9d0208',
    '--slot-rank-q': '#2a9d8f',
    '--slot-rank-j': '#9a6b00',
    '--slot-rank-10': '#6a4c93',
    '--slot-rank-stroke': 'rgba(255, 255, 255, 0.7)',
  },
  'dragon-hoard': {
    '--slot-bg': 'linear-gradient(180deg, #1b0505 0%, #4a0b0b 100%)',
    '--slot-frame': '#9d0208',
    '--slot-frame-2': '#ffd23f',
    '--slot-cell': '#241313',
    '--slot-cell-win': '#4a2410',
    '--slot-accent': '#ffd23f',
    '--slot-line': '#ffb703',
    '--slot-text': '#ffeedd',
    '--slot-rank-a': '#e63946',
    '--slot-rank-k': '#ffd23f',
    '--slot-rank-q': '#4cc9f0',
    '--slot-rank-j': '#80b918',
    '--slot-rank-10': '#c77dff',
  },
};

/** The CSS variables that theme the machine `identity` (only the common ones for an unknown one). */
export function themeStyleOf(identity: string): CSSProperties {
  return { ...COMMON, ...THEMES[identity] };
}

/**
 * Keyframes and the few rules Tailwind classes cannot express (variable-driven spin, glow).
 * Reduced motion: the reels land at once (the game also skips the spin delay), the paylines and
 * the big-win celebration stay still, the win amount shows without counting up.
 */
export const SLOT_CSS = `
@keyframes slot-reel-spin {
  from { transform: translateY(var(--slot-spin-from)); }
  to { transform: translateY(0); }
}
@keyframes slot-win-pulse {
  0%, 100% { opacity: 1; }
  50% { opacity: 0.55; }
}
.slot-machine { background: var(--slot-bg); color: var(--slot-text); }
.slot-frame { background: var(--slot-frame); box-shadow: inset 0 0 0 4px var(--slot-frame-2), 0 12px 40px -12px var(--slot-frame); }
.slot-cell { background: var(--slot-cell); transition: background-color 200ms; }
.slot-cell[data-win='true'] { background: var(--slot-cell-win); box-shadow: inset 0 0 0 3px var(--slot-accent); }
.slot-cell[data-dim='true'] { opacity: 0.45; }
.slot-symbol { width: 100%; height: 100%; filter: var(--slot-glow, none); }
.slot-strip-spinning { animation: slot-reel-spin var(--slot-spin-ms) cubic-bezier(0.2, 0.7, 0.25, 1.05) both; will-change: transform; }
.slot-payline { stroke: var(--slot-line); animation: slot-win-pulse 1.2s ease-in-out infinite; }
.slot-accent { color: var(--slot-accent); }
@keyframes slot-big-win-pop {
  0% { transform: scale(0.4); opacity: 0; }
  60% { transform: scale(1.12); opacity: 1; }
  100% { transform: scale(1); }
}
@keyframes slot-big-win-glow {
  0%, 100% { text-shadow: 0 0 12px var(--slot-accent); }
  50% { text-shadow: 0 0 32px var(--slot-accent), 0 0 4px #fff; }
}
.slot-big-win { animation: slot-big-win-pop 450ms ease-out both; }
.slot-big-win-title { color: var(--slot-accent); animation: slot-big-win-glow 1.1s ease-in-out infinite; }
@media (prefers-reduced-motion: reduce) {
  .slot-strip-spinning, .slot-payline, .slot-big-win, .slot-big-win-title { animation: none; }
}
`;
