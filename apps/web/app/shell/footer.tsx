import { Link, useLocation } from 'react-router';
import { LOCALES, localizePath, splitLocalePath, type Locale } from '@coinfall/shared/locales';
import { formatMessage, useLocale } from '../i18n/i18n';
import { Logo } from '../ui/logo';
import { SmartLink } from '../ui/smart-link';
import { useRootData } from '../lib/root-data';
import { useShellText } from '../i18n/texts';
import { linksForFunnel } from '../lib/funnel/funnel.fns';
import { useClosedFunnelGuest } from '../lib/funnel/use-closed-funnel';

const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-br': 'Português (Brasil)',
};

function LanguageLinks() {
  const t = useShellText();
  const current = useLocale();
  const { pathname, search } = useLocation();
  const { rest } = splitLocalePath(pathname);
  return (
    <nav aria-label={t.language}>
      <ul className="flex flex-wrap gap-2">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <Link
              to={{ pathname: localizePath(rest, locale), search }}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              className={`rounded-lg border px-2.5 py-1 text-xs font-semibold ${locale === current ? 'border-accent text-accent' : 'border-border text-text-muted hover:text-text'}`}
            >
              {LOCALE_NAMES[locale]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { content } = useRootData();
  const t = useShellText();
  const closedGuest = useClosedFunnelGuest();
  const { legal } = content.mainLayout.footer;
  // A semi-closed funnel's guest keeps the legal column; a column left empty goes (decision 063).
  const columns = content.mainLayout.footer.columns
    .map((column) => ({ ...column, items: linksForFunnel(column.items, closedGuest) }))
    .filter((column) => column.items.length > 0);
  return (
    <footer className="mt-16 border-t border-border bg-surface/70">
      <div className="mx-auto grid max-w-7xl gap-10 px-5 py-12 md:grid-cols-[1.2fr_repeat(3,1fr)]">
        <div className="flex flex-col gap-4">
          <Logo />
          <LanguageLinks />
        </div>
        {columns.length > 0 ? (
          <nav aria-label={t.footerNavigation} className="contents">
            {columns.map((column) => (
              <div key={column.title}>
                <h2 className="mb-3 text-xs font-semibold tracking-[0.12em] text-text-muted uppercase">
                  {column.title}
                </h2>
                <ul className="flex flex-col gap-2">
                  {column.items.map((item) => (
                    <li key={item.id}>
                      <SmartLink url={item.url} className="text-sm text-text hover:text-accent">
                        {item.label}
                      </SmartLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        ) : null}
      </div>
      <p className="mx-auto max-w-7xl border-t border-border px-5 py-6 text-xs leading-relaxed text-text-muted">
        {formatMessage(legal, { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
