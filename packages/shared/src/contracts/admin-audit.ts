import { z } from 'zod';
import { pagedListSchema, pageQuerySchema, sortOrderSchema } from './player.ts';

/** The back office's audit trail (issue 17): one insert-only row per staff action. */

export const AUDIT_ACTIONS = [
  'staff.signed-in',
  'staff.signed-out',
  'staff.enrolled',
  'staff.session-revoked',
  'staff.created',
  'player.blocked',
  'player.unblocked',
  'player.limited',
  'player.unlimited',
  'player.password-reset-forced',
  'adjustment.requested',
  'adjustment.approved',
  'adjustment.applied',
  'adjustment.rejected',
  'redemption.approved',
  'redemption.rejected',
  'amoe.recorded',
  'kyc.document-link-issued',
  'kyc.document-approved',
  'kyc.document-rejected',
  'round.rolled-back',
  'report.exported',
  'protection.lift-recorded',
  'bonus.definition-created',
  'bonus.definition-updated',
  'bonus.code-created',
  'bonus.code-updated',
  'quest.created',
  'quest.updated',
  'quest-package.created',
  'quest-package.updated',
  'loyalty.level-updated',
  'loyalty.level-benefits-updated',
  'loyalty.sublevel-created',
  'loyalty.sublevel-updated',
  'loyalty.sublevel-retired',
  'support.taken',
  'support.transferred',
  'support.closed',
  'support.reopened',
  'support.canned-created',
  'support.canned-deleted',
  'staff.role-changed',
  'staff.disabled',
  'staff.enabled',
  'staff.two-factor-reset',
  'catalog.game-updated',
  'catalog.collection-updated',
  'catalog.bundle-updated',
  'content.draft-saved',
  'content.draft-discarded',
  'content.published',
  'jurisdiction.rule-put',
  'segment.created',
  'segment.updated',
  'segment.retired',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.string().describe('Serial id, as a string'),
  at: z.iso.datetime(),
  staffId: z.uuid(),
  staffEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = pagedListSchema(auditEntrySchema);
export type AuditList = z.infer<typeof auditListSchema>;

/** The audit log's sortable columns (`staff`: the staff member's email); the id breaks ties. */
export const AUDIT_SORTS = ['at', 'action', 'staff'] as const;

export const auditQuerySchema = pageQuerySchema.extend({
  staffId: z.uuid().optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  targetId: z.string().trim().min(1).max(100).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  sort: z.enum(AUDIT_SORTS).default('at'),
  order: sortOrderSchema,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
