import { useCallback, useEffect, useReducer, useRef } from 'react';
import type {
  SupportConversation,
  SupportConversationView,
  SupportMessage,
} from '@coinfall/shared/contracts/support';
import { listenToChannel } from '../../realtime/realtime-client';
import { useRealtimeState } from '../../realtime/realtime-store';
import {
  applyReadReceipt,
  mergeMessages,
  newestUnreadId,
  SUPPORT_LIMITS,
  SUPPORT_TIMINGS,
} from '../support-chat.fns';
import { supportChannelOf, supportPushOf } from '../support-push.fns';
import { fetchConversation, postRead, postTyping } from '../api/support';
import { ApiError } from '../../../lib/api/api-error';

export interface SupportChatState {
  status: 'loading' | 'ready' | 'error';
  conversation: SupportConversation | null;
  messages: SupportMessage[];
  hasMore: boolean;
  agentsOnline: boolean;
  loadingOlder: boolean;
  /** Until when the agent's typing indicator shows (ms since epoch; 0 when not typing). */
  agentTypingUntil: number;
}

type Action =
  | { type: 'loading' }
  | { type: 'failed' }
  | { type: 'page'; page: SupportConversationView; older: boolean }
  | { type: 'older'; loading: boolean }
  | { type: 'messages'; messages: SupportMessage[] }
  | { type: 'conversation'; conversation: SupportConversation }
  | { type: 'typing'; until: number }
  | { type: 'read'; upToMessageId: number; by: 'player' | 'agent'; at: string };

const INITIAL: SupportChatState = {
  status: 'loading',
  conversation: null,
  messages: [],
  hasMore: false,
  agentsOnline: false,
  loadingOlder: false,
  agentTypingUntil: 0,
};

function reduce(state: SupportChatState, action: Action): SupportChatState {
  switch (action.type) {
    case 'loading':
      return state.status === 'ready' ? state : { ...state, status: 'loading' };
    case 'failed':
      return state.status === 'ready' ? state : { ...state, status: 'error' };
    case 'page': {
      const { page } = action;
      // A fresh first page replaces what the realtime channel may have missed; a closed and
      // reopened conversation starts over.
      const sameConversation = state.conversation?.id === page.conversation?.id;
      return {
        ...state,
        status: 'ready',
        conversation: page.conversation,
        messages: mergeMessages(sameConversation ? state.messages : [], page.messages),
        hasMore: action.older || !sameConversation ? page.hasMore : state.hasMore || page.hasMore,
        agentsOnline: page.agentsOnline,
        loadingOlder: action.older ? false : state.loadingOlder,
      };
    }
    case 'older':
      return { ...state, loadingOlder: action.loading };
    case 'messages':
      return {
        ...state,
        messages: mergeMessages(state.messages, action.messages),
        agentTypingUntil: action.messages.some((m) => m.author === 'agent')
          ? 0
          : state.agentTypingUntil,
      };
    case 'conversation': {
      // A new conversation (the first message, or one after a close) keeps only its own messages.
      const id = action.conversation.id;
      const changed = state.conversation?.id !== id;
      return {
        ...state,
        conversation: action.conversation,
        messages: changed ? state.messages.filter((m) => m.conversationId === id) : state.messages,
        hasMore: changed ? false : state.hasMore,
      };
    }
    case 'typing':
      return { ...state, agentTypingUntil: action.until };
    case 'read':
      return {
        ...state,
        messages: applyReadReceipt(state.messages, action.upToMessageId, action.by, action.at),
      };
  }
}

/**
 * The player's conversation (issue 18): read from the API, kept live by the player's support
 * channel, read again after a gap. A read that failed on the way (network, 5xx) is tried again
 * after 1, 2 and 3 s (spec §9); a refusal is shown at once.
 */
export function useSupportChat(playerId: string, visible: boolean) {
  const [state, dispatch] = useReducer(reduce, INITIAL);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });

  const load = useCallback(async () => {
    dispatch({ type: 'loading' });
    for (let attempt = 0; ; attempt += 1) {
      try {
        const page = await fetchConversation(undefined, SUPPORT_LIMITS.pageSize);
        dispatch({ type: 'page', page, older: false });
        return;
      } catch (error) {
        // A refusal (no session, no pass) is not going to change by asking again.
        const refused = error instanceof ApiError && error.status < 500;
        const delay = refused ? undefined : SUPPORT_TIMINGS.refreshDelaysMs[attempt];
        if (delay === undefined) {
          dispatch({ type: 'failed' });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }, []);

  useEffect(() => {
    void load();
    return listenToChannel(supportChannelOf(playerId), {
      onMessage: (message) => {
        const push = supportPushOf(message);
        if (!push) return;
        switch (push.type) {
          case 'message':
            dispatch({ type: 'messages', messages: [push.message] });
            return;
          case 'typing':
            dispatch({ type: 'typing', until: Date.now() + SUPPORT_TIMINGS.typingVisibleMs });
            return;
          case 'read':
            dispatch({
              type: 'read',
              upToMessageId: push.upToMessageId,
              by: 'agent',
              at: new Date().toISOString(),
            });
            return;
          case 'conversation':
            dispatch({ type: 'conversation', conversation: push.conversation });
        }
      },
      // Missed publications (or state read before the subscription was live): read again.
      onResync: () => void load(),
    });
  }, [playerId, load]);

  // Without a live connection (the gateway refuses a blocked player's, or it is reconnecting) the
  // open chat reads the conversation now and then, so an answer still arrives.
  const connected = useRealtimeState().connection === 'connected';
  useEffect(() => {
    if (!visible || connected) return;
    const timer = setInterval(() => void load(), SUPPORT_TIMINGS.pollWithoutRealtimeMs);
    return () => clearInterval(timer);
  }, [visible, connected, load]);

  const loadOlder = useCallback(async () => {
    const oldest = stateRef.current.messages[0];
    if (!oldest || stateRef.current.loadingOlder) return;
    dispatch({ type: 'older', loading: true });
    try {
      const page = await fetchConversation(oldest.id, SUPPORT_LIMITS.pageSize);
      dispatch({ type: 'page', page, older: true });
    } catch {
      dispatch({ type: 'older', loading: false });
    }
  }, []);

  // The player reads what is on screen: a receipt for the newest unread message while open.
  const unreadId = newestUnreadId(state.messages, 'player');
  useEffect(() => {
    if (!visible || !unreadId || document.visibilityState === 'hidden') return;
    dispatch({ type: 'read', upToMessageId: unreadId, by: 'player', at: new Date().toISOString() });
    postRead(unreadId).catch(() => {
      // The receipt is a courtesy: the next one covers this message too.
    });
  }, [visible, unreadId]);

  const lastTypingSent = useRef(0);
  const signalTyping = useCallback(() => {
    const now = Date.now();
    if (now - lastTypingSent.current < SUPPORT_TIMINGS.typingSendEveryMs) return;
    lastTypingSent.current = now;
    postTyping().catch(() => {
      // Typing is best effort.
    });
  }, []);

  const addMessages = useCallback((messages: SupportMessage[]) => {
    dispatch({ type: 'messages', messages });
  }, []);

  return { state, reload: load, loadOlder, signalTyping, addMessages };
}
