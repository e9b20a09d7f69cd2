export type { Mailer, MailMessage } from './mailer.ts';
export { createSmtpMailer } from './smtp-mailer.ts';
export { createDevMailbox, type DevMailbox } from './dev-mailbox.ts';
export { devMailboxApiRoutes, devMailboxPageRoutes } from './dev-mailbox.routes.ts';
