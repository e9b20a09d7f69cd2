import { readFileSync } from 'node:fs';

/** The release being served: the root package version, or APP_VERSION set by the deploy. */
export const APP_VERSION: string =
  process.env.APP_VERSION ??
  (
    JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    }
  ).version ??
  '0.0.0';
