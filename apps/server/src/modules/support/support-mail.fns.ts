import type { Locale } from '@coinfall/shared';

/**
 * The email of an agent's answers to an away player (decisions 040, 047), in the language the
 * player last wrote from. Beside the other mail texts (player/confirmations.fns.ts): plain text,
 * the agents' own words quoted as written.
 */
interface ReplyMailTexts {
  subject: string;
  /** The fallback author of a reply whose agent has no display name. */
  support: string;
  footer: (publicUrl: string) => string;
}

const REPLY_MAIL: Record<Locale, ReplyMailTexts> = {
  en: {
    subject: 'Coinfall support answered your message',
    support: 'Support',
    footer: (url) =>
      `Open the chat on ${url} to answer. This message was sent because you were away when our ` +
      'support team replied.',
  },
  es: {
    subject: 'El soporte de Coinfall respondió a tu mensaje',
    support: 'Soporte',
    footer: (url) =>
      `Abre el chat en ${url} para responder. Te enviamos este mensaje porque no estabas ` +
      'conectado cuando nuestro equipo de soporte respondió.',
  },
  'pt-br': {
    subject: 'O suporte da Coinfall respondeu à sua mensagem',
    support: 'Suporte',
    footer: (url) =>
      `Abra o chat em ${url} para responder. Enviamos esta mensagem porque você estava ausente ` +
      'quando nossa equipe de suporte respondeu.',
  },
};

/** The reply email's subject in each locale (tests and the dev mailbox look mails up by it). */
export const SUPPORT_REPLY_SUBJECTS: Record<Locale, string> = {
  en: REPLY_MAIL.en.subject,
  es: REPLY_MAIL.es.subject,
  'pt-br': REPLY_MAIL['pt-br'].subject,
};

export function supportReplyMail(
  locale: Locale,
  to: string,
  replies: readonly { agentName: string | null; text: string }[],
  publicUrl: string,
): { to: string; subject: string; text: string } {
  const texts = REPLY_MAIL[locale] ?? REPLY_MAIL.en;
  const lines = replies.map((r) => `${r.agentName ?? texts.support}: ${r.text}`);
  return {
    to,
    subject: texts.subject,
    text: `${lines.join('\n\n')}\n\n${texts.footer(publicUrl)}`,
  };
}
