import { COOKIE_MAX_AGE_SECONDS } from '@coinfall/shared/constants';
import { globalComponentsSchema, type SiteLoadContext } from '@coinfall/shared';
import { parseCookies, serializeCookie } from '../lib/session/cookies';
import { findContent } from './content.server';
import {
  AB_GROUP_COOKIE,
  FUNNEL_TYPE_COOKIE,
  chooseFunnel,
  type Funnel,
} from '../lib/funnel/funnel.fns';

export interface RequestFunnel extends Funnel {
  /** Set-Cookie values when the choice is new or changed (first visit, a campaign rule). */
  setCookies: string[];
}

// The root loader and a guard's loader of one request must see one draw, not two.
const chosen = new WeakMap<Request, RequestFunnel>();

/**
 * The visit's A/B group and funnel type (decision 063): from the cookies, the request's
 * utm_campaign and the locale's `funnelCampaigns` rules; drawn on the first request.
 */
export function funnelForRequest(request: Request, context: SiteLoadContext): RequestFunnel {
  const hit = chosen.get(request);
  if (hit) return hit;
  const cookies = parseCookies(request.headers.get('cookie'));
  const rules =
    findContent(context, request, 'global-components', globalComponentsSchema)?.funnelCampaigns ??
    [];
  const choice = chooseFunnel({
    storedGroup: cookies[AB_GROUP_COOKIE],
    storedFunnel: cookies[FUNNEL_TYPE_COOKIE],
    utmCampaign: new URL(request.url).searchParams.get('utm_campaign') ?? undefined,
    rules,
    randomByte: crypto.getRandomValues(new Uint8Array(1))[0] ?? 0,
  });
  const options = { maxAge: COOKIE_MAX_AGE_SECONDS };
  const funnel: RequestFunnel = {
    abGroup: choice.abGroup,
    funnelType: choice.funnelType,
    setCookies: choice.changed
      ? [
          serializeCookie(AB_GROUP_COOKIE, choice.abGroup, options),
          serializeCookie(FUNNEL_TYPE_COOKIE, choice.funnelType, options),
        ]
      : [],
  };
  chosen.set(request, funnel);
  return funnel;
}
