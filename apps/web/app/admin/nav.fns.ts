import type { StaffPermission } from '@coinfall/shared/admin-permissions';

/**
 * The back office's sections, each behind the permission its API routes demand (the shared role
 * table). A new screen slots in with one entry here and its route in routes.ts; the menu, the
 * page guard and the overview read this list.
 */
export interface AdminSection {
  path: string;
  label: string;
  /** One line for the overview page. */
  summary: string;
  permission: StaffPermission;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    path: '/admin/players',
    label: 'Players',
    summary: 'Search players, open a profile, block or unblock, adjust a balance.',
    permission: 'players.read',
  },
  {
    path: '/admin/adjustments',
    label: 'Pending adjustments',
    summary: 'Adjustments above the four-eyes amount, waiting for a second staff member.',
    permission: 'players.adjust',
  },
  {
    path: '/admin/redemptions',
    label: 'Redemptions',
    summary: 'Pending payouts with the player’s risk context: approve or reject.',
    permission: 'redemptions.review',
  },
  {
    path: '/admin/kyc',
    label: 'KYC review',
    summary: 'Identity documents waiting for a decision: view the file, approve or reject.',
    permission: 'kyc.review',
  },
  {
    path: '/admin/rounds',
    label: 'Rounds',
    summary: 'Search game rounds, replay one, roll an open one back; big-win alerts.',
    permission: 'rounds.read',
  },
  {
    path: '/admin/reports',
    label: 'Reports',
    summary: 'Daily purchases, redemptions, GGR, bonus cost and NGR per currency; CSV export.',
    permission: 'reports.read',
  },
  {
    path: '/admin/analytics',
    label: 'Analytics',
    summary: 'Active players, sessions, page views, events; registration → purchase funnel.',
    permission: 'analytics.read',
  },
  {
    path: '/admin/bonuses',
    label: 'Bonuses',
    summary: 'Bonus definitions and free-spin campaigns: create, edit, activate or deactivate.',
    permission: 'promotions.manage',
  },
  {
    path: '/admin/bonus-codes',
    label: 'Bonus codes',
    summary: 'Codes players enter, with their claims and redemptions: create, limit, deactivate.',
    permission: 'promotions.manage',
  },
  {
    path: '/admin/quests',
    label: 'Quests',
    summary:
      'Quests and chains: names per locale, tasks, rewards, windows; activate or deactivate.',
    permission: 'promotions.manage',
  },
  {
    path: '/admin/loyalty',
    label: 'Loyalty ladder',
    summary: 'Levels and sublevels: labels, colours, images, point thresholds, rewards.',
    permission: 'promotions.manage',
  },
  {
    path: '/admin/segments',
    label: 'Segments',
    summary: 'Player segments bonuses and quests target: build a rule, see who is in it.',
    permission: 'promotions.manage',
  },
  {
    path: '/admin/content',
    label: 'Content',
    summary: 'The site’s texts per locale: edit a draft, preview it on the site, publish it.',
    permission: 'content.manage',
  },
  {
    path: '/admin/jurisdictions',
    label: 'Jurisdiction rules',
    summary:
      'Where Sweeps Coins play, purchase bonuses and redemptions are allowed, by state and country.',
    permission: 'jurisdictions.manage',
  },
  {
    path: '/admin/audit',
    label: 'Audit log',
    summary: 'Every staff action: who, when, what, and why.',
    permission: 'audit.read',
  },
  {
    path: '/admin/support',
    label: 'Support',
    summary: 'The live chat: waiting players, your conversations, replies and internal notes.',
    permission: 'support.chat',
  },
  {
    path: '/admin/staff',
    label: 'Staff accounts',
    summary: 'Create staff accounts, change a role, disable one, reset a lost two-factor.',
    permission: 'staff.manage',
  },
  {
    path: '/admin/catalog',
    label: 'Catalog and shop',
    summary: 'Switch games on or off, order them, set collections and countries; coin bundles.',
    permission: 'catalog.manage',
  },
  {
    path: '/admin/big-deposits',
    label: 'Big deposits',
    summary: 'Players whose purchases of 24 hours reached the big-deposit alert’s amount.',
    permission: 'deposits.read',
  },
  {
    path: '/admin/account',
    label: 'My sessions',
    summary: 'Where you are signed in, and the idle timeout; end a session elsewhere.',
    permission: 'self',
  },
];

/** The sections a staff member with these permissions may open, in menu order. */
export function sectionsFor(permissions: readonly StaffPermission[]): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => permissions.includes(section.permission));
}

/** The section a path belongs to (its own page or one under it), if any. */
export function sectionOf(pathname: string): AdminSection | undefined {
  const path = pathname.replace(/\/+$/, '');
  return ADMIN_SECTIONS.find(
    (section) => path === section.path || path.startsWith(`${section.path}/`),
  );
}

/** Whether the page at `pathname` is open to these permissions (pages of no section are). */
export function mayOpen(pathname: string, permissions: readonly StaffPermission[]): boolean {
  const section = sectionOf(pathname);
  return !section || permissions.includes(section.permission);
}

/**
 * Where sign-in leads back to: a back-office page only (never another site through `//host`),
 * the overview otherwise.
 */
export function safeNext(next: string | null): string {
  if (!next || !/^\/admin(?:[/?#]|$)/.test(next) || next.startsWith('/admin/sign-in'))
    return '/admin';
  return next;
}

/** Why the sign-in page is shown again (an ended session, idleness, a sign-out). */
export type SignInReason = 'expired' | 'idle' | 'signed-out';

/** The sign-in page's address, saying why and where to come back to. */
export function signInPath(reason: SignInReason | undefined, next: string): string {
  const params = new URLSearchParams();
  if (reason) params.set('reason', reason);
  const back = safeNext(next);
  if (back !== '/admin') params.set('next', back);
  const query = params.toString();
  return `/admin/sign-in${query ? `?${query}` : ''}`;
}

const REASON_TEXTS: Record<SignInReason, string> = {
  idle: 'You were signed out after a while without activity. Sign in again to continue.',
  expired: 'Your session has ended. Sign in again to continue.',
  'signed-out': 'You are signed out.',
};

/** The line the sign-in page opens with after `reason` (none for an unknown one). */
export function signInReasonText(reason: string | null): string | undefined {
  return Object.entries(REASON_TEXTS).find(([key]) => key === reason)?.[1];
}
