import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer.ts';
import { createSandboxSms } from './sandbox-sms.ts';
import type { SmsSender } from './sms-sender.ts';

export type { SmsMessage, SmsSender } from './sms-sender.ts';

/**
 * The SMS sender of this deployment. Only the sandbox exists so far: a real provider plugs in
 * here behind its own variable (e.g. SMS_PROVIDER_URL with the account credentials) and is
 * chosen when that is set. A production node on the sandbox says so loudly at boot, since its
 * codes reach nobody's phone.
 */
export function createSmsSender(deps: {
  nodeEnv: 'development' | 'production' | 'test';
  /** Where the sandbox keeps messages: the dev mailbox. */
  mailbox: Pick<Mailer, 'send'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): SmsSender {
  if (deps.nodeEnv === 'production') {
    deps.log.warn(
      'No SMS provider is configured: SMS codes are kept in the dev_mailbox table and not sent',
    );
  }
  return createSandboxSms(deps.mailbox);
}
