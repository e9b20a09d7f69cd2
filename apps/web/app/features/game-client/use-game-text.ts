import { formatMessage, useLocale, useMessages } from '../../i18n/i18n';
import { gameClientMessages, type GameClientTexts } from '../../i18n/messages/game-client';

export type GameTextKey = keyof GameClientTexts;

/** The game client's texts in the page's locale, and a formatter for "{name}" placeholders. */
export function useGameText() {
  const texts = useMessages(gameClientMessages);
  const locale = useLocale();
  const t = (key: GameTextKey, params?: Record<string, string | number>): string =>
    params ? formatMessage(texts[key], params) : texts[key];
  return { t, locale, texts };
}

/** A text for an error code the player can read, falling back to a generic one. */
export function errorTextKey(code: string): GameTextKey {
  const key = `error.${code}`;
  return gameClientMessages.has(key) ? key : 'error.other';
}
