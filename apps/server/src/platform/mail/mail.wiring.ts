import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import { createSmsSender } from '../sms/index.ts';
import { createDevMailbox } from './dev-mailbox.ts';
import { devMailboxApiRoutes, devMailboxPageRoutes } from './dev-mailbox.routes.ts';
import { createMailboxViewers, type MailboxViewerDeps } from './mailbox-viewer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/**
 * Outgoing mail and SMS. Mail goes through SMTP when configured, else into the dev_mailbox
 * table, which sandboxes can read (API under /api/dev, page at /dev/mailbox). SMS has only the
 * sandbox so far, keeping texts in the dev mailbox (see platform/sms).
 */
export function wireMessaging(deps: {
  app: FastifyInstance;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'sandbox' | 'nodeEnv' | 'publicUrl'>;
  db: Database;
  log: FastifyBaseLogger;
}) {
  const { app, config, db } = deps;
  const devMailbox = config.smtpUrl ? null : createDevMailbox(db, config.mailFrom);
  const mailer = config.smtpUrl
    ? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom })
    : (devMailbox ?? createDevMailbox(db, config.mailFrom)).mailer;
  if (mailer.close) app.addHook('onClose', async () => mailer.close?.());
  const sms = createSmsSender({
    nodeEnv: config.nodeEnv,
    mailbox: createDevMailbox(db, 'Coinfall SMS').mailer,
    log: deps.log,
  });
  const readable = devMailbox && config.sandbox ? devMailbox : null;

  /**
   * The mailbox's routes, given who may read what (docs/decisions/019): built after the player
   * module, whose guard they use and which is itself built on the mailer.
   */
  function mailboxRoutes(access: MailboxViewerDeps): {
    /** For the /api scope. */
    api: FastifyPluginAsyncZod;
    /** For the root, before the site: the page, or a plain 404 where it is not readable. */
    page: FastifyPluginAsyncZod;
  } {
    if (!readable) {
      return {
        api: async () => undefined,
        page: async (root) => {
          // Never fall through to the site: the page plainly does not exist here.
          root.get('/dev/mailbox', { schema: { hide: true } }, () => {
            throw AppError.notFound('Page');
          });
        },
      };
    }
    const viewers = createMailboxViewers(access);
    return {
      api: async (api) => {
        await api.register(devMailboxApiRoutes(readable, viewers), { prefix: '/dev' });
      },
      page: devMailboxPageRoutes({
        mailbox: readable,
        viewers,
        operators: access.operators,
        secureCookies: config.publicUrl.startsWith('https:'),
      }),
    };
  }
  return { mailer, sms, mailboxRoutes };
}
