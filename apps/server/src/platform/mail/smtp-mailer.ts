import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** Mail through the SMTP server of SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    close: () => transport.close(),
  };
}
