import { pocketColor } from '@coinfall/shared/games/originals/roulette';
import { WHEEL_ORDER } from './roulette.fns';

const FILL = { red: '#c8323c', black: '#1b1b22', green: '#1f8a4c' } as const;
const R = 100;
const STEP = (2 * Math.PI) / WHEEL_ORDER.length;

const polar = (radius: number, angle: number) =>
  `${(R + radius * Math.sin(angle)).toFixed(2)} ${(R - radius * Math.cos(angle)).toFixed(2)}`;

/** Our own wheel: 37 sectors, numbers on the rim, a pointer on top; it turns to the pocket. */
export function RouletteWheel({ rotation, spinMs }: { rotation: number; spinMs: number }) {
  return (
    <svg viewBox="0 0 200 200" className="mx-auto h-56 w-56" aria-hidden="true">
      <g
        style={{
          transform: `rotate(${rotation}deg)`,
          transformOrigin: '100px 100px',
          transition: `transform ${spinMs}ms cubic-bezier(0.2, 0.8, 0.2, 1)`,
        }}
      >
        <circle cx={R} cy={R} r={98} fill="#6b4424" />
        {WHEEL_ORDER.map((pocket, i) => {
          const a0 = (i - 0.5) * STEP;
          const a1 = (i + 0.5) * STEP;
          return (
            <g key={pocket}>
              <path
                d={`M ${polar(58, a0)} L ${polar(92, a0)} A 92 92 0 0 1 ${polar(92, a1)} L ${polar(58, a1)} A 58 58 0 0 0 ${polar(58, a0)} Z`}
                fill={FILL[pocketColor(pocket)]}
                stroke="#d9b45a"
                strokeWidth="0.4"
              />
              <text
                x={R}
                y={R - 80}
                fontSize="7"
                fill="#fff"
                textAnchor="middle"
                transform={`rotate(${(i * 360) / WHEEL_ORDER.length} ${R} ${R})`}
              >
                {pocket}
              </text>
            </g>
          );
        })}
        <circle cx={R} cy={R} r={56} fill="#3d2614" stroke="#d9b45a" strokeWidth="1.5" />
        <path d="M100 62 L106 100 L100 138 L94 100 Z" fill="#d9b45a" />
        <path d="M62 100 L100 94 L138 100 L100 106 Z" fill="#d9b45a" />
      </g>
      <path d="M100 14 L94 2 H106 Z" fill="var(--cf-accent)" />
    </svg>
  );
}
