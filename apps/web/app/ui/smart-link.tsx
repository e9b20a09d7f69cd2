import { Link } from 'react-router';
import { useLocalizedPath } from '../i18n/i18n';
import { SUPPORT_CHAT_URL, openSupportChat } from './support-chat';

type LinkTarget =
  | { kind: 'internal'; path: string }
  | { kind: 'external'; href: string }
  | { kind: 'support-chat' }
  | { kind: 'refused' };

const EXTERNAL_PROTOCOLS = ['http:', 'https:', 'mailto:', 'tel:'];

/** Spec §8: in-site paths are localized; external URLs only with an allowed protocol. */
export function classifyUrl(url: string): LinkTarget {
  if (url === SUPPORT_CHAT_URL) return { kind: 'support-chat' };
  if (url.startsWith('/') && !url.startsWith('//')) return { kind: 'internal', path: url };
  try {
    const parsed = new URL(url);
    return EXTERNAL_PROTOCOLS.includes(parsed.protocol)
      ? { kind: 'external', href: parsed.href }
      : { kind: 'refused' };
  } catch {
    return { kind: 'refused' };
  }
}

/** A link whose URL comes from content. A refused URL renders as plain text. */
export function SmartLink({
  url,
  className,
  children,
  onClick,
}: {
  url: string;
  className?: string;
  children: React.ReactNode;
  onClick?: () => void;
}) {
  const localize = useLocalizedPath();
  const target = classifyUrl(url);
  switch (target.kind) {
    case 'internal':
      return (
        <Link to={localize(target.path)} className={className} onClick={onClick}>
          {children}
        </Link>
      );
    case 'external':
      return (
        <a
          href={target.href}
          className={className}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onClick}
        >
          {children}
        </a>
      );
    case 'support-chat':
      return (
        <button
          type="button"
          className={className}
          onClick={() => {
            openSupportChat();
            onClick?.();
          }}
        >
          {children}
        </button>
      );
    case 'refused':
      return <span className={className}>{children}</span>;
  }
}
