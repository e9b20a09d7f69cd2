import { useRouteLoaderData } from 'react-router';
import type { SiteTexts } from '../i18n/texts';
import type { Funnel } from './funnel/funnel.fns';
import type {
  AlertsContent,
  ErrorPageContent,
  ErrorPageCode,
  Locale,
  MainLayoutContent,
  SiteGrowthConfig,
} from '@coinfall/shared';

/** What the root loader returns; every part of the shell reads it through useRootData(). */
export interface RootData {
  locale: Locale;
  /**
   * An access_token cookie is present that is fresh or renewable (decision 026); the API still
   * verifies every call.
   */
  isAuthenticated: boolean;
  /** The drawer's remembered compact state (cookie, so the server renders it right). */
  drawerCompact: boolean;
  /**
   * The visit's A/B group and funnel type (decision 063), chosen by the server and kept in
   * cookies so the server renders what the browser will; read through useClosedFunnelGuest().
   */
  funnel: Funnel;
  /** Content drafts are shown (a valid preview token came with the request). */
  preview: boolean;
  theme: 'holiday' | 'default';
  appVersion: string;
  /** The shell's and pages' texts in this locale (the bundles stay on the server). */
  text: SiteTexts;
  /** The site's analytics key and affiliate pixel (issue 19); absent: neither. */
  growth?: SiteGrowthConfig;
  /** The content's `enabledFingerprint` (global-components): the device fingerprint runs. */
  fingerprint?: boolean;
  content: {
    mainLayout: MainLayoutContent;
    errorPages: Record<ErrorPageCode, ErrorPageContent>;
    alerts: AlertsContent;
  };
}

export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>('root');
  if (!data) throw new Error('useRootData() used outside the root route');
  return data;
}
