/** The live-support chat arrives with its own issue; it listens for this event on window. */
export const OPEN_SUPPORT_CHAT_EVENT = 'coinfall:open-support-chat';
/** The content URL that means "open the support chat" (e.g. the Blocked page's button). */
export const SUPPORT_CHAT_URL = '#support-chat';

export function openSupportChat(): void {
  window.dispatchEvent(new CustomEvent(OPEN_SUPPORT_CHAT_EVENT));
}
