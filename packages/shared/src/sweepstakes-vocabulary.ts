import type { Locale } from './locales.ts';

/**
 * The sweepstakes vocabulary (issue 16, decision 036): where a text speaks of Sweeps Coins, it
 * says play, not bet or gamble; redeem, not withdraw; coins or prizes, not money or cash. Sweeps
 * Coins are sweepstakes entries, not stakes of money, and the texts must not say otherwise.
 * One list, read by the vocabulary test over every message bundle and content document.
 */
export interface VocabularyRule {
  /** The word (any form) not to use, as a case-insensitive pattern. */
  avoid: RegExp;
  /** What to say instead. */
  use: string;
}

export interface LocaleVocabulary {
  /** A text (a message, or a sentence of a content document) that speaks of Sweeps Coins. */
  sweepsContext: RegExp;
  rules: readonly VocabularyRule[];
  /**
   * Phrases that are right as they are, taken out before the rules are read; each narrow:
   * redeeming for cash prizes is what a sweepstakes prize is, "no cash value" is the required
   * disclaimer, and a fiat or crypto withdrawal (a real money account) is a withdrawal.
   */
  allowed: readonly RegExp[];
}

const SWEEPS = /\bSweeps Coins?\b|\bSC\b/;

export const SWEEPSTAKES_VOCABULARY: Readonly<Record<Locale, LocaleVocabulary>> = {
  en: {
    sweepsContext: SWEEPS,
    rules: [
      { avoid: /\b(bet|bets|betting|bettor)\b/i, use: 'play' },
      { avoid: /\bwager(s|ed|ing)?\b/i, use: 'play' },
      { avoid: /\bstak(e|es|ed|ing)\b/i, use: 'play' },
      { avoid: /\bgambl\w*/i, use: 'play' },
      { avoid: /\bwithdraw\w*/i, use: 'redeem' },
      { avoid: /\b(money|cash)\b/i, use: 'coins, or prizes' },
    ],
    allowed: [/\bcash prizes?\b/gi, /\bno cash value\b/gi, /\bredemptions and withdrawals\b/gi],
  },
  es: {
    sweepsContext: SWEEPS,
    rules: [
      { avoid: /\bapuest\w*|\bapost\w*/i, use: 'jugar' },
      { avoid: /\bretir(o|os|ar|a|as)\b/i, use: 'canjear' },
      { avoid: /\b(dinero|efectivo)\b/i, use: 'monedas, o premios' },
    ],
    allowed: [/\bpremios? en efectivo\b/gi, /\bvalor en efectivo\b/gi, /\bcanjes y retiros\b/gi],
  },
  'pt-br': {
    sweepsContext: SWEEPS,
    rules: [
      { avoid: /\bapost\w*/i, use: 'jogar' },
      { avoid: /\bsaques?\b|\bsacar\b|\bretir\w*/i, use: 'resgatar' },
      { avoid: /\bdinheiro\b/i, use: 'moedas, ou prêmios' },
    ],
    allowed: [/\bprêmios? em dinheiro\b/gi, /\bvalor em dinheiro\b/gi, /\bresgates e saques\b/gi],
  },
};

/** The rules a text of `locale` breaks: none unless it speaks of Sweeps Coins. */
export function vocabularyBreaches(text: string, locale: Locale): VocabularyRule[] {
  const vocabulary = SWEEPSTAKES_VOCABULARY[locale];
  if (!vocabulary.sweepsContext.test(text)) return [];
  const rest = vocabulary.allowed.reduce((left, phrase) => left.replace(phrase, ' '), text);
  return vocabulary.rules.filter((rule) => rule.avoid.test(rest));
}
