import {
  alertsSchema,
  appearanceSchema,
  errorPagesSchema,
  globalComponentsSchema,
  mainLayoutSchema,
  type SiteLoadContext,
} from '@coinfall/shared';
import {
  ACCESS_TOKEN_COOKIE,
  DRAWER_COMPACT_COOKIE,
  isAccessTokenRenewable,
  parseCookies,
} from '../lib/session/cookies';
import { findContent, localeFromRequest, previewFromRequest } from './content.server';
import { funnelForRequest } from './funnel.server';
import { pageMessages } from '../i18n/messages/pages';
import { shellMessages } from '../i18n/messages/shell';
import type { RootData } from '../lib/root-data';

const THEMES = ['holiday', 'default'] as const;

function themeFrom(appearance: { theme?: string } | undefined): RootData['theme'] {
  const theme = appearance?.theme;
  return THEMES.find((t) => t === theme) ?? 'holiday';
}

function required<T>(value: T | undefined, name: string): T {
  // The shell cannot render without these; a missing document is a deployment error (500 page).
  if (value === undefined) throw new Error(`Content document "${name}" is missing`);
  return value;
}

/** Everything the shell needs for a request, plus the cookies to set (preview, funnel). */
export function buildRootData(
  request: Request,
  context: SiteLoadContext,
): { data: RootData; setCookies: string[] } {
  const cookies = parseCookies(request.headers.get('cookie'));
  const preview = previewFromRequest(request, context);
  const locale = localeFromRequest(request);
  const appearance = findContent(context, request, 'appearance', appearanceSchema);
  const { setCookies: funnelCookies, ...funnel } = funnelForRequest(request, context);
  return {
    setCookies: [...(preview.setCookie ? [preview.setCookie] : []), ...funnelCookies],
    data: {
      locale,
      isAuthenticated: isAccessTokenRenewable(cookies[ACCESS_TOKEN_COOKIE], Date.now()),
      drawerCompact: cookies[DRAWER_COMPACT_COOKIE] === '1',
      funnel,
      preview: preview.token !== undefined,
      theme: themeFrom(appearance),
      appVersion: context.appVersion,
      growth: context.growth,
      fingerprint:
        findContent(context, request, 'global-components', globalComponentsSchema)
          ?.enabledFingerprint === true,
      text: { shell: shellMessages[locale], pages: pageMessages[locale] },
      content: {
        mainLayout: required(
          findContent(context, request, 'main-layout', mainLayoutSchema),
          'main-layout',
        ),
        errorPages: required(
          findContent(context, request, 'error-pages', errorPagesSchema),
          'error-pages',
        ),
        alerts: required(findContent(context, request, 'alerts', alertsSchema), 'alerts'),
      },
    },
  };
}
