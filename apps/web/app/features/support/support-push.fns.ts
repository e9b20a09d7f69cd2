import type { RealtimeMessage } from '@coinfall/shared/contracts/realtime';
import {
  SUPPORT_PLAYER_EVENT,
  SUPPORT_STAFF_EVENT,
  supportPlayerChannel,
  supportPlayerPublicationSchema,
  supportStaffPublicationSchema,
  type SupportPlayerPublication,
  type SupportStaffPublication,
} from '@coinfall/shared/contracts/support';

/** The player's support channel, `support:chat#<playerId>` (the gateway's user boundary). */
export const supportChannelOf = supportPlayerChannel;

/** A publication of the player's support channel, or undefined for anything else. */
export function supportPushOf(message: RealtimeMessage): SupportPlayerPublication | undefined {
  if ((message.event as string) !== SUPPORT_PLAYER_EVENT) return undefined;
  const parsed = supportPlayerPublicationSchema.safeParse(message.data);
  return parsed.success ? parsed.data : undefined;
}

/** A publication of the staff support channel, or undefined for anything else. */
export function staffSupportPushOf(message: RealtimeMessage): SupportStaffPublication | undefined {
  if ((message.event as string) !== SUPPORT_STAFF_EVENT) return undefined;
  const parsed = supportStaffPublicationSchema.safeParse(message.data);
  return parsed.success ? parsed.data : undefined;
}
