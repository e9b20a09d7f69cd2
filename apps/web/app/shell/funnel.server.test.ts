import type { ContentQuery, Locale, SiteLoadContext } from '@coinfall/shared';
import { loader as authGuardLoader } from './auth-guard';
import { funnelForRequest } from './funnel.server';

/** A load context whose only content is a global-components document with these rules per locale. */
function contextWith(rules: Partial<Record<Locale, unknown[]>>): SiteLoadContext {
  const content = {
    get(locale: Locale, name: ContentQuery) {
      const list = rules[locale];
      if (name !== 'global-components' || !list) throw Object.assign(new Error(), { status: 404 });
      // A stand-in for the server's content service: the document passes the shared schema.
      return {
        name,
        locale,
        hash: `${locale}-${JSON.stringify(list)}`,
        integrity: '',
        document: globalComponents(list),
      };
    },
    manifest: () => ({ locale: 'en', entries: {} }) as never,
    isPreviewToken: () => false,
  };
  return { services: { content } as never, requestId: 'r', cspNonce: 'n', appVersion: 't' };
}

const RULES = [{ campaign: 'closed-demo', funnel: 'semi-closed' }];

const request = (path: string, cookie?: string) =>
  new Request(`http://site.test${path}`, cookie ? { headers: { cookie } } : undefined);

describe('the request funnel (decision 063)', () => {
  it('draws on a first request, sets both cookies, and gives one request one draw', () => {
    const context = contextWith({ en: RULES });
    const first = request('/');
    const funnel = funnelForRequest(first, context);
    expect(funnel.funnelType).toBe(funnel.abGroup === 'A' ? 'open' : 'semi-closed');
    expect(funnel.setCookies).toEqual([
      `ab_group=${funnel.abGroup}; Path=/; SameSite=Lax; Max-Age=31536000`,
      `funnel_type=${funnel.funnelType}; Path=/; SameSite=Lax; Max-Age=31536000`,
    ]);
    expect(funnelForRequest(first, context)).toBe(funnel);
  });

  it('keeps stored cookies and sets nothing', () => {
    const funnel = funnelForRequest(
      request('/games', 'ab_group=B; funnel_type=open'),
      contextWith({ en: RULES }),
    );
    expect(funnel).toEqual({ abGroup: 'B', funnelType: 'open', setCookies: [] });
  });

  it('follows the locale’s campaign rule over the stored funnel', () => {
    const context = contextWith({ en: RULES, es: [] });
    const cookie = 'ab_group=A; funnel_type=open';
    expect(funnelForRequest(request('/?utm_campaign=closed-demo', cookie), context)).toMatchObject({
      abGroup: 'A',
      funnelType: 'semi-closed',
    });
    // The Spanish pages have no rule for it: the stored funnel stays.
    expect(
      funnelForRequest(request('/es?utm_campaign=closed-demo', cookie), context).funnelType,
    ).toBe('open');
  });
});

describe('the login guard by funnel', () => {
  const guard = (path: string, cookie: string) => {
    try {
      authGuardLoader({
        request: request(path, cookie),
        context: contextWith({ en: RULES }),
      } as never);
      return undefined;
    } catch (thrown) {
      return (thrown as Response).headers.get('location');
    }
  };

  it('asks a guest of a semi-closed funnel to sign up, any other guest to sign in', () => {
    expect(guard('/games/dice', 'ab_group=B; funnel_type=semi-closed')).toBe(
      '/games/dice?modal=sign-up',
    );
    expect(guard('/games/dice?utm_campaign=closed-demo', 'ab_group=A; funnel_type=open')).toBe(
      '/games/dice?utm_campaign=closed-demo&modal=sign-up',
    );
    expect(guard('/games/dice', 'ab_group=A; funnel_type=open')).toBe('/games/dice?modal=sign-in');
  });
});

/** The published English document's required parts, filled with placeholders. */
function globalComponents(funnelCampaigns: unknown[]) {
  const group = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, k]));
  return {
    cookieNotice: { text: 't', accept: 'a', learnMore: { label: 'l', url: '/static/privacy' } },
    liveChat: group(['open', 'close', 'title', 'greeting', 'offline', 'unread']),
    states: group([
      'loading',
      'empty',
      'error',
      'retry',
      'loginRequired',
      'loadMore',
      'offline',
      'comingSoon',
      'pageNotFound',
    ]),
    notifications: group(['title', 'empty', 'markAllRead', 'viewAll', 'new']),
    userNav: group([
      'profile',
      'wallet',
      'bonuses',
      'history',
      'limits',
      'security',
      'logout',
      'signIn',
      'signUp',
    ]),
    currencyNav: group([
      'title',
      'goldCoins',
      'sweepsCoins',
      'getCoins',
      'redeem',
      'balance',
      'switched',
    ]),
    drawer: group(['menu', 'expand', 'collapse']),
    winners: group(['title', 'latest', 'top', 'wonIn', 'empty']),
    activity: group(['title', 'game', 'player', 'payout', 'time']),
    logo: group(['alt', 'home']),
    preview: group(['banner', 'exit']),
    ageNotice: '18+',
    funnelCampaigns,
  };
}
