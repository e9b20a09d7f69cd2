/**
 * The back office's roles and what each may do (issue 17). One table, read by the staff guard on
 * every /api/admin route (each route names its permission) and by the staff app to hide what a
 * role cannot use. Changing who may do what is an edit here, reviewed like code.
 */
export const STAFF_ROLES = ['admin', 'support', 'compliance', 'finance', 'marketing'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * `self`: the caller's own account and sessions (every role). The others name an area and a verb;
 * `*.write` changes something and is audited.
 */
export const STAFF_PERMISSIONS = {
  self: ['admin', 'support', 'compliance', 'finance', 'marketing'],
  'staff.manage': ['admin'],
  'audit.read': ['admin', 'compliance', 'finance'],
  'players.read': ['admin', 'support', 'compliance', 'finance'],
  /** Block / unblock, and a forced password reset (an account takeover reported to support). */
  'players.status': ['admin', 'support', 'compliance'],
  /**
   * Limit / lift the limit (decision 070): Limited stops buying and redeeming, a compliance
   * measure (a chargeback, a review) that support must not lift.
   */
  'players.limit': ['admin', 'compliance'],
  /** Manual balance adjustments (four-eyes above the configured amount). */
  'players.adjust': ['admin', 'finance'],
  'kyc.review': ['admin', 'compliance'],
  'redemptions.review': ['admin', 'finance'],
  /** Round search, replay and the big-win alerts (compliance investigates, finance reconciles). */
  'rounds.read': ['admin', 'support', 'compliance', 'finance'],
  /** Refunds an open round's stake: money moves, so support (the player's contact) and admin. */
  'rounds.rollback': ['admin', 'support'],
  /** Recording postal free-entry requests (AMOE, decision 035): a sweepstakes-law duty. */
  'amoe.record': ['admin', 'compliance'],
  /**
   * Recording a player's request to lift an indefinite self-exclusion (decision 030): a
   * responsible-gambling decision, so compliance (and admin), never support or marketing.
   */
  'protection.lift': ['admin', 'compliance'],
  /**
   * The jurisdiction rules (issue 16, decision 058): where Sweeps Coins play, purchase bonuses
   * and redemptions are allowed. A sweepstakes-law duty, so compliance (and admin).
   */
  'jurisdictions.manage': ['admin', 'compliance'],
  /** Daily figures (purchases, redemptions, GGR, NGR) and their CSV export. */
  'reports.read': ['admin', 'finance'],
  /** Bonus definitions and codes, quests, chains and the loyalty ladder (decision 042). */
  'promotions.manage': ['admin', 'marketing'],
  /** The live support chat's console (issue 18, decision 040): the queue, replies, presence. */
  'support.chat': ['admin', 'support'],
  /** Canned replies are shared by every agent: writing them is audited. */
  'support.canned': ['admin', 'support'],
  /** Games on/off, order and collections; collections; coin bundles (decision 043). */
  'catalog.manage': ['admin', 'marketing'],
  /** The site's content documents: drafts, preview and publishing (decision 055). */
  'content.manage': ['admin', 'marketing'],
  /** The big-deposit alerts list (finance watches large purchases). */
  'deposits.read': ['admin', 'finance'],
  /**
   * Growth reports (decision 048): the registration funnel by affiliate and UTM source, a
   * player's attribution and events, the sandbox affiliate pixels. Marketing runs the campaigns,
   * finance pays the affiliates by them.
   */
  'analytics.read': ['admin', 'marketing', 'finance'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;
export const STAFF_PERMISSION_NAMES = Object.keys(STAFF_PERMISSIONS) as [
  StaffPermission,
  ...StaffPermission[],
];

export function roleMay(role: StaffRole, permission: StaffPermission): boolean {
  return (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** The permissions a role holds, for the staff app's menus. */
export function permissionsOf(role: StaffRole): StaffPermission[] {
  return STAFF_PERMISSION_NAMES.filter((p) => roleMay(role, p));
}

/** The staff session's cookie: HttpOnly, SameSite=Strict, only sent to /api/admin. */
export const STAFF_COOKIE = 'coinfall_staff';
export const STAFF_COOKIE_PATH = '/api/admin';

/** The permission each player-status action needs (decision 070): a limit is compliance's. */
export const PLAYER_STATUS_PERMISSIONS = {
  block: 'players.status',
  unblock: 'players.status',
  limit: 'players.limit',
  unlimit: 'players.limit',
} as const satisfies Record<'block' | 'unblock' | 'limit' | 'unlimit', StaffPermission>;
