/** One outgoing text message. `to` is an E.164 number (+14155552671). */
export interface SmsMessage {
  to: string;
  text: string;
}

/**
 * Sends SMS. Implementations: the sandbox (dev mailbox table). A real provider (Twilio, Vonage,
 * AWS SNS…) is one more implementation of this interface, chosen in createSmsSender by its
 * configuration.
 */
export interface SmsSender {
  readonly kind: 'sandbox';
  send(message: SmsMessage): Promise<void>;
}
