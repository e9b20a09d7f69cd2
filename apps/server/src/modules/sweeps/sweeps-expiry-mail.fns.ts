import type { MailMessage } from '../../platform/mail/mailer.ts';

/** Sweeps Coins are counted in hundredths (the currency's subunit). */
const SC_SUBUNITS = 100;

const coins = (amount: number) =>
  (amount / SC_SUBUNITS).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

/** The reminder mailed before a player's Sweeps Coins expire (decision 035). */
export function sweepsReminderMail(
  to: string,
  reminder: { amount: number; expiresAt: Date; loginUrl: string },
): MailMessage {
  const when = reminder.expiresAt.toUTCString();
  return {
    to,
    subject: 'Your Sweeps Coins expire soon',
    text:
      `You hold ${coins(reminder.amount)} Sweeps Coins. Sweeps Coins expire after a time without ` +
      `a login: yours expire on ${when} unless you log in before then.\n\n` +
      `Log in: ${reminder.loginUrl}\n\n` +
      'Logging in starts the time again. Sweeps Coins held for a pending redemption are not affected.',
  };
}
