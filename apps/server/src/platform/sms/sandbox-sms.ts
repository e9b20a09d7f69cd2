import type { Mailer } from '../mail/mailer.ts';
import type { SmsSender } from './sms-sender.ts';

export const SANDBOX_SMS_SUBJECT = 'SMS';

/**
 * The SMS sandbox: every message is kept as a dev_mailbox row (to = the phone, subject "SMS"),
 * so codes can be read on /dev/mailbox and GET /api/dev/mailbox while the sandbox is on (by the
 * player who owns the number, or the operator: docs/decisions/019).
 */
export function createSandboxSms(mailbox: Pick<Mailer, 'send'>): SmsSender {
  return {
    kind: 'sandbox',
    send: (message) =>
      mailbox.send({ to: message.to, subject: SANDBOX_SMS_SUBJECT, text: message.text }),
  };
}
