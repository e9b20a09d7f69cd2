import { z } from 'zod';

/**
 * The device fingerprint (issue 19, decision 049): the site's FingerprintJS (open source) visitor
 * id, reported once per session by `GET /api/fp` and linked to the signed-in player.
 */

/** Spec §9: how long the site waits for the fingerprint call. */
export const FINGERPRINT_TIMEOUT_MS = 120_000;

/** FingerprintJS open source answers a 128-bit murmur hash: 32 lowercase hex digits. */
export const VISITOR_ID_PATTERN = /^[0-9a-f]{32}$/;

export const visitorIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(VISITOR_ID_PATTERN, 'A FingerprintJS visitor id: 32 hex digits');

/**
 * Spec §7 `GET /api/fp?visitorId&email&userId`. The device is linked to the session's player;
 * email and userId, when sent, must be that player's (a stale tab's call is refused, never
 * linked to the account it names).
 */
export const fingerprintQuerySchema = z.object({
  visitorId: visitorIdSchema,
  email: z.email().max(254).optional(),
  userId: z.uuid().optional(),
});
export type FingerprintQuery = z.infer<typeof fingerprintQuerySchema>;

/**
 * What became of welcome coins that waited for the device: `granted`, `refused` (another
 * player on this device already had them), or `none` (nothing was waiting).
 */
export const WELCOME_DEVICE_OUTCOMES = ['granted', 'refused', 'none'] as const;
export type WelcomeDeviceOutcome = (typeof WELCOME_DEVICE_OUTCOMES)[number];

export const fingerprintResultSchema = z.object({
  linked: z.literal(true),
  welcome: z.enum(WELCOME_DEVICE_OUTCOMES),
});
export type FingerprintResult = z.infer<typeof fingerprintResultSchema>;

/** A device of a player, as the back office sees it. */
export const adminPlayerDeviceSchema = z.object({
  visitorId: z.string(),
  firstSeenAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  count: z.number().int().describe('Sessions that reported it'),
});

/** Another player seen on one of this player's devices (multi-accounting). */
export const adminSharedDevicePlayerSchema = z.object({
  playerId: z.uuid(),
  email: z.string(),
  nickname: z.string().nullable(),
  status: z.number().int(),
  visitorIds: z.array(z.string()).describe('The devices both were seen on'),
  lastSeenAt: z.iso.datetime().describe('When the other player was last seen on one of them'),
});
