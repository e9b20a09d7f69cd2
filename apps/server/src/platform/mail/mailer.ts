/** One outgoing message. `text` is always present; `html` is an optional richer body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail. Implementations: SMTP (nodemailer) and the development mailbox table. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
  close?(): void;
}
