import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { Logo } from '../ui/logo';
import { Drawer, rememberDrawerCompact } from './drawer';
import { Footer } from './footer';
import { Header } from './header';
import type { LayoutKind } from './layout-kind';
import { useRootData } from '../lib/root-data';
import { useShellText } from '../i18n/texts';
import { useContentPreview } from './use-content-preview';
import { useQueryTracking } from './use-query-tracking';

const MAIN_ID = 'main-content';
const DRAWER_ID = 'site-drawer';

function SkipLink() {
  const t = useShellText();
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only z-[2000] rounded-lg bg-accent px-4 py-2 font-semibold text-on-accent focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t.skipToContent}
    </a>
  );
}

function PreviewBanner() {
  const { preview } = useRootData();
  const t = useShellText();
  if (!preview) return null;
  return (
    <p className="bg-accent px-4 py-1.5 text-center text-xs font-semibold text-on-accent">
      {t.previewBanner}
    </p>
  );
}

function DefaultLayout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const [compact, setCompact] = useState(root.drawerCompact);
  const { pathname } = useLocation();
  // Open for one page only: the off-canvas drawer closes by itself when the page changes.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  const close = useCallback(() => {
    setOpenOn(null);
    document.querySelector<HTMLElement>(`[aria-controls="${DRAWER_ID}"]`)?.focus();
  }, []);
  const toggleCompact = useCallback(() => {
    const next = !compact;
    setCompact(next);
    rememberDrawerCompact(next);
  }, [compact]);

  return (
    <div className="flex min-h-dvh">
      <Drawer
        id={DRAWER_ID}
        open={open}
        onClose={close}
        compact={compact}
        onToggleCompact={toggleCompact}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <PreviewBanner />
        <Header menu={{ controls: DRAWER_ID, open, onOpen: () => setOpenOn(pathname) }} />
        <main
          id={MAIN_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8"
        >
          {children}
        </main>
        <Footer />
      </div>
    </div>
  );
}

/** Game pages: header only, the game gets the whole width. */
function LiteLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <PreviewBanner />
      <Header />
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="flex w-full flex-1 flex-col px-3 py-4 outline-none sm:px-5"
      >
        {children}
      </main>
    </div>
  );
}

/** Error and blocked pages: the logo and the message, nothing to navigate away with but its button. */
export function LockedLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center px-4">
      <header className="flex h-20 items-center justify-center">
        <Logo />
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="flex w-full flex-1 items-center justify-center pb-20 outline-none"
      >
        {children}
      </main>
    </div>
  );
}

/** The layouts of the player site (a `bare` page is rendered alone, by the root). */
export type ShellKind = Exclude<LayoutKind, 'bare'>;

/** The player site's frame, with its query tracking (spec §2) and the content preview. */
export function ShellLayout({ kind, children }: { kind: ShellKind; children: React.ReactNode }) {
  const root = useRootData();
  useQueryTracking(root.isAuthenticated, root.funnel);
  useContentPreview(root.preview);
  const body =
    kind === 'lite' ? (
      <LiteLayout>{children}</LiteLayout>
    ) : kind === 'locked' ? (
      <LockedLayout>{children}</LockedLayout>
    ) : (
      <DefaultLayout>{children}</DefaultLayout>
    );
  return (
    <>
      <SkipLink />
      {body}
    </>
  );
}
