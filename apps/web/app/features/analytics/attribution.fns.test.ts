import { describe, expect, it } from 'vitest';
import { attributionSchema } from '@coinfall/shared';
import {
  STORAGE_KEYS,
  affiliatePixelUrl,
  attributionFromStorage,
  parseStoredTrackedParams,
} from './attribution.fns.ts';

const storeOf = (items: Record<string, string>) => ({
  getItem: (key: string) => items[key] ?? null,
});

describe('attributionFromStorage', () => {
  it('gathers the tag, the tracked parameters, the A/B group and the funnel', () => {
    const attribution = attributionFromStorage(
      storeOf({
        [STORAGE_KEYS.affiliateTag]: 'aff_42',
        [STORAGE_KEYS.utmParams]: JSON.stringify({ utm_source: 'google', gclid: 'g1', other: 'x' }),
        [STORAGE_KEYS.abGroup]: 'B',
        [STORAGE_KEYS.funnelType]: 'semi-closed',
      }),
    );
    expect(attribution).toEqual({
      affiliateTag: 'aff_42',
      utm_source: 'google',
      gclid: 'g1',
      abGroup: 'B',
      funnelType: 'semi-closed',
    });
    expect(attributionSchema.safeParse(attribution).success).toBe(true);
  });

  it('leaves out what the server would refuse, so tampered storage never blocks a sign-up', () => {
    const attribution = attributionFromStorage(
      storeOf({
        [STORAGE_KEYS.affiliateTag]: 'bad tag <script>',
        [STORAGE_KEYS.utmParams]: '{not json',
        [STORAGE_KEYS.abGroup]: 'C',
        [STORAGE_KEYS.funnelType]: 'closed',
      }),
    );
    expect(attribution).toEqual({});
    expect(
      parseStoredTrackedParams(JSON.stringify({ utm_source: 'x'.repeat(300) })).utm_source,
    ).toHaveLength(256);
  });
});

describe('affiliatePixelUrl', () => {
  it('adds offer, goal, status and the click to the host’s URL', () => {
    const url = new URL(
      affiliatePixelUrl(
        { url: 'https://aff.example.com/p?x=1', offer: '7', goal: 'reg', status: 'approved' },
        'click-1',
        'https://site.example',
      ),
    );
    expect(url.origin).toBe('https://aff.example.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      x: '1',
      offer: '7',
      goal: 'reg',
      status: 'approved',
      click: 'click-1',
    });
  });

  it('resolves the sandbox host’s path on our own origin', () => {
    const url = affiliatePixelUrl(
      { url: '/affiliate-sandbox/pixel', offer: '1', goal: 'g', status: 's' },
      'c',
      'http://localhost:3000',
    );
    expect(url.startsWith('http://localhost:3000/affiliate-sandbox/pixel?')).toBe(true);
  });
});
