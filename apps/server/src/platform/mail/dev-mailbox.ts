import { desc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { devMailbox } from '../../db/schema/index.ts';
import type { Mailer } from './mailer.ts';

export type DevMailRow = typeof devMailbox.$inferSelect;

/** Development stand-in for SMTP: every message is kept in the dev_mailbox table. */
export function createDevMailbox(db: Database, from: string) {
  const mailer: Mailer = {
    kind: 'dev-mailbox',
    async send(message) {
      await db.insert(devMailbox).values({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
    },
  };
  return {
    mailer,
    /** The newest messages first. */
    latest: (limit = 50): Promise<DevMailRow[]> =>
      db
        .select()
        .from(devMailbox)
        .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
        .limit(limit),

    /** The newest messages to any of `recipients` (emails, E.164 numbers) first. */
    latestTo: async (recipients: readonly string[], limit = 50): Promise<DevMailRow[]> =>
      recipients.length === 0
        ? []
        : db
            .select()
            .from(devMailbox)
            .where(inArray(devMailbox.to, [...recipients]))
            .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
            .limit(limit),
  };
}
export type DevMailbox = ReturnType<typeof createDevMailbox>;
