/** The Slack relay's alert channels (spec: POST /slack/big-wins and /slack/big-debs). */
export type SlackAlertChannel = 'big-wins' | 'big-debs';

/**
 * Where an alert of `channel` is posted: `<SLACK_WEBHOOK_URL>/slack/<channel>`. The variable
 * names the relay (origin plus an optional prefix); a value that already ends in `/slack` or
 * `/slack/<channel>` — the form documented before both alerts shared it — is read as its base,
 * so an existing deployment keeps posting where it did.
 */
export function slackAlertUrl(webhookUrl: string, channel: SlackAlertChannel): string {
  const url = new URL(webhookUrl);
  const base = url.pathname.replace(/\/slack(\/[^/]*)?\/?$/, '').replace(/\/+$/, '');
  url.pathname = `${base}/slack/${channel}`;
  return url.toString();
}
