import { funnelCampaignListSchema } from '@coinfall/shared';
import {
  abGroupFromByte,
  campaignFunnel,
  chooseFunnel,
  funnelTypeFor,
  isClosedFunnel,
  isHiddenInClosedFunnel,
  linksForFunnel,
} from './funnel.fns';

const RULES = [
  { campaign: 'closed-demo', funnel: 'semi-closed' },
  { campaign: 'spring-*', funnel: 'open' },
  { campaign: 'Spring-Closed', funnel: 'semi-closed' },
] as const;

describe('A/B group and funnel type', () => {
  it('splits random bytes evenly between A and B', () => {
    const groups = Array.from({ length: 256 }, (_, b) => abGroupFromByte(b));
    expect(groups.filter((g) => g === 'A')).toHaveLength(128);
  });

  it('gives A the open funnel and B the semi-closed one', () => {
    expect(funnelTypeFor('A', undefined)).toBe('open');
    expect(funnelTypeFor('B', undefined)).toBe('semi-closed');
  });

  it('lets a campaign rule decide over the group', () => {
    expect(funnelTypeFor('A', 'closed-demo', RULES)).toBe('semi-closed');
    expect(funnelTypeFor('B', 'spring-sale', RULES)).toBe('open');
    expect(funnelTypeFor('A', 'autumn', RULES)).toBe('open');
  });
});

describe('campaign rules', () => {
  it('match case-insensitively, exactly or by prefix with a trailing *', () => {
    expect(campaignFunnel(RULES, 'CLOSED-DEMO')).toBe('semi-closed');
    expect(campaignFunnel(RULES, 'closed-demo-2')).toBeUndefined();
    expect(campaignFunnel(RULES, 'spring-')).toBe('open');
    expect(campaignFunnel(RULES, 'spring')).toBeUndefined();
    expect(campaignFunnel(RULES, undefined)).toBeUndefined();
  });

  it('take the first matching rule of the list', () => {
    // "spring-closed" matches "spring-*" first: the editor orders the list.
    expect(campaignFunnel(RULES, 'spring-closed')).toBe('open');
  });

  it('are refused by the content schema when a campaign repeats or * is not at the end', () => {
    const issues = (list: unknown) =>
      funnelCampaignListSchema.safeParse(list).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues(RULES)).toEqual([]);
    expect(
      issues([
        { campaign: 'a', funnel: 'open' },
        { campaign: 'A', funnel: 'semi-closed' },
      ]),
    ).toEqual(['1.campaign']);
    expect(issues([{ campaign: 'a*b', funnel: 'open' }])).toEqual(['0.campaign']);
    expect(issues([{ campaign: '*', funnel: 'open' }])).toEqual(['0.campaign']);
    expect(issues([{ campaign: 'a', funnel: 'closed' }])).toEqual(['0.funnel']);
  });
});

describe('chooseFunnel', () => {
  const base = { rules: RULES, utmCampaign: undefined, randomByte: 1 };

  it('draws the group on a first visit and writes both cookies', () => {
    expect(chooseFunnel({ ...base, storedGroup: undefined, storedFunnel: undefined })).toEqual({
      abGroup: 'B',
      funnelType: 'semi-closed',
      changed: true,
    });
  });

  it('keeps what is stored and writes nothing', () => {
    expect(chooseFunnel({ ...base, storedGroup: 'A', storedFunnel: 'semi-closed' })).toEqual({
      abGroup: 'A',
      funnelType: 'semi-closed',
      changed: false,
    });
  });

  it('treats unknown stored values as absent', () => {
    expect(chooseFunnel({ ...base, storedGroup: 'C', storedFunnel: 'closed' })).toEqual({
      abGroup: 'B',
      funnelType: 'semi-closed',
      changed: true,
    });
  });

  it('lets a campaign rule replace the stored funnel, keeping the group', () => {
    expect(
      chooseFunnel({ ...base, storedGroup: 'A', storedFunnel: 'open', utmCampaign: 'closed-demo' }),
    ).toEqual({ abGroup: 'A', funnelType: 'semi-closed', changed: true });
    expect(
      chooseFunnel({
        ...base,
        storedGroup: 'A',
        storedFunnel: 'semi-closed',
        utmCampaign: 'closed-demo',
      }).changed,
    ).toBe(false);
  });
});

describe('what a semi-closed funnel hides', () => {
  it('is closed only for semi-closed', () => {
    expect(isClosedFunnel('semi-closed')).toBe(true);
    expect(isClosedFunnel('open')).toBe(false);
  });

  it('hides the help centre, FAQ, fairness, about, rewards pages and links off the site', () => {
    for (const url of [
      '/questions',
      '/questions/getting-started',
      '/fairness',
      '/static/about',
      '/quests',
      '/loyalty',
      '/vip',
      '/promotions/spring',
      'https://blog.example.com',
    ]) {
      expect(isHiddenInClosedFunnel(url), url).toBe(true);
    }
  });

  it('keeps the lobby, the games, contact, support and every legal page', () => {
    for (const url of [
      '/',
      '/games',
      '/games?collection=new',
      '/contact',
      '/static/terms',
      '/static/privacy',
      '/static/sweepstakes-rules',
      '/static/responsible-gaming',
      '/vip-terms',
      'mailto:support@example.com',
      '#support-chat',
    ]) {
      expect(isHiddenInClosedFunnel(url), url).toBe(false);
    }
  });

  it('filters a link list only for a closed funnel’s guest', () => {
    const items = [{ url: '/' }, { url: '/questions' }, { url: '/static/terms' }];
    expect(linksForFunnel(items, true)).toEqual([{ url: '/' }, { url: '/static/terms' }]);
    expect(linksForFunnel(items, false)).toEqual(items);
  });
});
