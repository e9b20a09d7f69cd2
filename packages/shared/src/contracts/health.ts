import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  database: z.object({
    reachable: z.boolean(),
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nonnegative().optional(),
  }),
  /** Present when REDIS_URL is configured. */
  redis: z
    .object({ reachable: z.boolean(), latencyMs: z.number().nonnegative().optional() })
    .optional(),
});
export type Health = z.infer<typeof healthSchema>;
