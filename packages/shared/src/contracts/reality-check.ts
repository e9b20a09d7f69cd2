import { z } from 'zod';

/**
 * Reality checks (issue 16, decision 036): at an interval the player chooses, the site shows how
 * long this play session has lasted and what it won or lost, and asks whether to go on.
 *
 * A play session is a run of the player's game rounds (any tab, device or login) with no gap
 * between two round starts longer than PLAY_SESSION_GAP_MINUTES. It starts at its first round
 * and stands while its last round started less than that gap ago.
 */
export const REALITY_CHECK_INTERVALS = [15, 30, 45, 60] as const;
export type RealityCheckInterval = (typeof REALITY_CHECK_INTERVALS)[number];

/** Minutes without a round start after which a play session is over. */
export const PLAY_SESSION_GAP_MINUTES = 30;

/** What the player answered: go on playing, stop (the site leaves the game), or set a limit. */
export const REALITY_CHECK_ACTIONS = ['continue', 'stop', 'set-limit'] as const;
export type RealityCheckAction = (typeof REALITY_CHECK_ACTIONS)[number];

const intervalSchema = z
  .union(
    REALITY_CHECK_INTERVALS.map((m) => z.literal(m)) as [
      z.ZodLiteral<RealityCheckInterval>,
      ...z.ZodLiteral<RealityCheckInterval>[],
    ],
  )
  .nullable()
  .describe('Minutes between two checks (15, 30, 45 or 60); null: reality checks are off');

export const setRealityCheckBodySchema = z.object({ intervalMinutes: intervalSchema });
export type SetRealityCheckBody = z.infer<typeof setRealityCheckBodySchema>;

export const acknowledgeRealityCheckBodySchema = z.object({
  action: z.enum(REALITY_CHECK_ACTIONS),
  checkAt: z.iso
    .datetime()
    .describe(
      'The nextCheckAt of the check being answered; an answer to a check already answered ' +
        '(in another tab) changes nothing',
    ),
});
export type AcknowledgeRealityCheckBody = z.infer<typeof acknowledgeRealityCheckBodySchema>;

/** Staked and won in one currency over the play session, minor units; net = won − staked. */
export const playSessionResultSchema = z.object({
  currency: z.string(),
  staked: z.number().int(),
  won: z.number().int(),
  net: z.number().int(),
});
export type PlaySessionResult = z.infer<typeof playSessionResultSchema>;

export const realityCheckStateSchema = z.object({
  intervalMinutes: intervalSchema,
  session: z
    .object({
      startedAt: z.iso.datetime().describe('Start of the first round of the play session'),
      lastRoundAt: z.iso.datetime(),
      playedSeconds: z.number().int().describe('Server time now minus startedAt'),
      results: z.array(playSessionResultSchema).describe('Per currency played, by code'),
    })
    .nullable()
    .describe('The play session standing now; null when the player has not played lately'),
  nextCheckAt: z.iso
    .datetime()
    .nullable()
    .describe('When the next check is due; null when checks are off or no session stands'),
});
export type RealityCheckState = z.infer<typeof realityCheckStateSchema>;
