import { useRouteLoaderData } from 'react-router';
import type { SiteTexts } from '../i18n/texts';
import type {
  AlertsContent,
  ErrorPageContent,
  ErrorPageCode,
  Locale,
  MainLayoutContent,
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
  /** Content drafts are shown (a valid preview token came with the request). */
  preview: boolean;
  theme: 'holiday' | 'default';
  appVersion: string;
  /** The shell's and pages' texts in this locale (the bundles stay on the server). */
  text: SiteTexts;
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
