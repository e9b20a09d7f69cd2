import { useId } from 'react';
import { Link } from 'react-router';
import { useLocalizedPath } from '../i18n/i18n';

function CoinMark({ className }: { className?: string }) {
  // Both variants are in the page (one hidden by CSS); a shared gradient id would resolve to
  // the hidden copy and leave the visible coin unfilled.
  const gradient = `cf-coin-${useId().replace(/:/g, '')}`;
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe08a" />
          <stop offset="0.55" stopColor="#e8b64c" />
          <stop offset="1" stopColor="#b9822a" />
        </linearGradient>
      </defs>
      <circle cx="20" cy="20" r="18" fill={`url(#${gradient})`} />
      <circle
        cx="20"
        cy="20"
        r="13.5"
        fill="none"
        stroke="#8a5a12"
        strokeWidth="1.6"
        strokeDasharray="2.2 2.2"
      />
      <path
        d="M25.5 14.6a8 8 0 1 0 0 10.8"
        fill="none"
        stroke="#5a3a08"
        strokeWidth="3.4"
        strokeLinecap="round"
      />
      <path d="M29 6.5l1 2.2 2.2 1-2.2 1-1 2.2-1-2.2-2.2-1 2.2-1z" fill="#fff7d6" />
    </svg>
  );
}

/**
 * The site logo, linking home in the current locale. The full variant (mark + wordmark) shows
 * from 33rem of width, the short one (mark only) below it (spec §2 "Error page").
 */
export function Logo({ className = '' }: { className?: string }) {
  const localize = useLocalizedPath();
  return (
    <Link
      to={localize('/')}
      aria-label="Coinfall"
      className={`inline-flex items-center rounded-lg ${className}`}
    >
      <span
        role="img"
        aria-label="Coinfall"
        className="hidden items-center gap-2 min-[33rem]:inline-flex"
        data-logo="full"
      >
        <CoinMark className="size-9" />
        <span className="font-display text-2xl font-extrabold tracking-tight text-text">
          Coin<span className="text-accent">fall</span>
        </span>
      </span>
      <span
        role="img"
        aria-label="Coinfall"
        className="inline-flex min-[33rem]:hidden"
        data-logo="short"
      >
        <CoinMark className="size-9" />
      </span>
    </Link>
  );
}
