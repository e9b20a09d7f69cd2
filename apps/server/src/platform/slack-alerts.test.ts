import { slackAlertUrl } from './slack-alerts.ts';

describe('slackAlertUrl', () => {
  it('appends /slack/<channel> to the relay origin', () => {
    expect(slackAlertUrl('https://relay.example', 'big-debs')).toBe(
      'https://relay.example/slack/big-debs',
    );
    expect(slackAlertUrl('https://relay.example/', 'big-wins')).toBe(
      'https://relay.example/slack/big-wins',
    );
  });

  it('keeps a path prefix and the query of the relay', () => {
    expect(slackAlertUrl('https://relay.example/hooks/T01/?token=k', 'big-debs')).toBe(
      'https://relay.example/hooks/T01/slack/big-debs?token=k',
    );
  });

  it('reads a value already ending in /slack or /slack/<channel> as its base', () => {
    expect(slackAlertUrl('http://127.0.0.1:9/slack/big-debs', 'big-wins')).toBe(
      'http://127.0.0.1:9/slack/big-wins',
    );
    expect(slackAlertUrl('http://127.0.0.1:9/slack/big-debs', 'big-debs')).toBe(
      'http://127.0.0.1:9/slack/big-debs',
    );
    expect(slackAlertUrl('http://127.0.0.1:9/p/slack/', 'big-debs')).toBe(
      'http://127.0.0.1:9/p/slack/big-debs',
    );
  });
});
