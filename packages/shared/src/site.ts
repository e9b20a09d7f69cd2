import type { ContentManifest, ContentQuery } from './contracts/content.ts';
import type { Currency, LocaleItem, SettingsConstants } from './contracts/core.ts';
import type { Locale } from './locales.ts';

/** A content document as resolved for a locale (falling back to the default locale). */
export interface ResolvedContent {
  name: ContentQuery;
  locale: Locale;
  hash: string;
  integrity: string;
  document: unknown;
}

/**
 * What the server hands the web app's loaders (React Router load context). The server
 * implements it with its services; the web app depends only on this interface.
 */
export interface SiteServices {
  content: {
    get(locale: Locale, name: ContentQuery, options?: { preview?: string }): ResolvedContent;
    manifest(locale: Locale, options?: { preview?: string }): ContentManifest;
    /** True when the token unlocks drafts. */
    isPreviewToken(token: string | undefined): boolean;
  };
  core: {
    settings(): SettingsConstants;
    currencies(): Promise<Currency[]>;
    locales(): Promise<LocaleItem[]>;
  };
  /**
   * The public game catalog API (`GET /api/game/…` without a player), answered in process by
   * the same routes the browser calls — validation and serialisation included, no network.
   */
  publicGameApi: {
    get(pathAndQuery: string): Promise<{ status: number; body: unknown }>;
  };
}

/** What the site's tracking needs from the server's configuration (issue 19); all public. */
export interface SiteGrowthConfig {
  /** The Amplitude api key the site's SDK sends to our ingest; null: the site does not track. */
  analyticsKey: string | null;
  /** The affclick pixel (spec §7); null: none is loaded. */
  affiliatePixel: { url: string; offer: string; goal: string; status: string } | null;
}

export interface SiteLoadContext {
  services: SiteServices;
  requestId: string;
  cspNonce: string;
  appVersion: string;
  growth?: SiteGrowthConfig;
}
