import type { MailMessage } from '../mail/mailer.ts';
import { createSmsSender } from './index.ts';

function fakeMailbox() {
  const sent: MailMessage[] = [];
  return { sent, send: async (message: MailMessage) => void sent.push(message) };
}

describe('createSmsSender', () => {
  it('keeps each text in the dev mailbox: to the phone, subject SMS', async () => {
    const mailbox = fakeMailbox();
    const warnings: unknown[] = [];
    const sms = createSmsSender({
      nodeEnv: 'development',
      mailbox,
      log: { warn: (...args: unknown[]) => void warnings.push(args) },
    });
    await sms.send({ to: '+14155552671', text: 'Your code is 123456' });
    expect(sms.kind).toBe('sandbox');
    expect(mailbox.sent).toEqual([
      { to: '+14155552671', subject: 'SMS', text: 'Your code is 123456' },
    ]);
    expect(warnings).toEqual([]);
  });

  it('says so at boot when production runs on the sandbox', () => {
    const warnings: unknown[] = [];
    createSmsSender({
      nodeEnv: 'production',
      mailbox: fakeMailbox(),
      log: { warn: (...args: unknown[]) => void warnings.push(args) },
    });
    expect(warnings).toHaveLength(1);
  });
});
