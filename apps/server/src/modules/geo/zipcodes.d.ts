/** The parts of the untyped `zipcodes` package (US ZIP data, BSD licence) that we use. */
declare module 'zipcodes' {
  export interface ZipCodeEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string): ZipCodeEntry | undefined;
  /** Every entry by code (US ZIPs and Canadian postal codes). */
  export const codes: Record<string, ZipCodeEntry>;
}
