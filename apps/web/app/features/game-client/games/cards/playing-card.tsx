import { useGameText } from '../../use-game-text';
import { isRedSuit, rankLabel, SUIT_SYMBOL, type CardFace } from './card.fns';

/** Our own card faces: rounded card, rank and suit in two corners, a large suit in the middle. */
export function PlayingCard({
  card,
  size = 'md',
}: {
  card: CardFace | null;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useGameText();
  const width = size === 'lg' ? 'w-24' : size === 'sm' ? 'w-12' : 'w-16';
  if (!card)
    return (
      <svg
        viewBox="0 0 60 84"
        className={`${width} shrink-0`}
        role="img"
        aria-label={t('bjHoleCard')}
      >
        <rect
          x="1"
          y="1"
          width="58"
          height="82"
          rx="6"
          fill="var(--cf-primary)"
          stroke="var(--cf-text)"
          strokeWidth="1.5"
        />
        <rect
          x="6"
          y="6"
          width="48"
          height="72"
          rx="4"
          fill="none"
          stroke="var(--cf-on-primary)"
          strokeOpacity="0.5"
        />
        <path d="M30 20 L42 42 L30 64 L18 42 Z" fill="var(--cf-on-primary)" opacity="0.35" />
      </svg>
    );
  const color = isRedSuit(card.suit) ? '#c8323c' : '#1b1b22';
  const symbol = SUIT_SYMBOL[card.suit];
  const rank = rankLabel(card.rank);
  return (
    <svg
      viewBox="0 0 60 84"
      className={`${width} shrink-0`}
      role="img"
      aria-label={t('card', { rank, suit: t(`suit.${card.suit}`) })}
      data-card={`${rank}${symbol}`}
    >
      <rect
        x="1"
        y="1"
        width="58"
        height="82"
        rx="6"
        fill="#fbfaf5"
        stroke="#9a9aa6"
        strokeWidth="1"
      />
      <text x="6" y="16" fontSize="13" fontWeight="700" fill={color}>
        {rank}
      </text>
      <text x="6" y="28" fontSize="11" fill={color}>
        {symbol}
      </text>
      <text x="30" y="54" fontSize="30" textAnchor="middle" fill={color}>
        {symbol}
      </text>
      <g transform="rotate(180 30 42)">
        <text x="6" y="16" fontSize="13" fontWeight="700" fill={color}>
          {rank}
        </text>
        <text x="6" y="28" fontSize="11" fill={color}>
          {symbol}
        </text>
      </g>
    </svg>
  );
}
