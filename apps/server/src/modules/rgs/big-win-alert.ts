import type { FastifyBaseLogger } from 'fastify';
import { gameRoundSettledEventSchema, type GameRoundSettledEvent } from '@coinfall/shared';
import type { OutboxEvent } from '../../platform/events/outbox.repo.ts';
import { slackAlertUrl } from '../../platform/slack-alerts.ts';
import type { BigWinAlertsRepo, BigWinDelivery } from './big-win-alerts.repo.ts';
import { isBigWin } from './rgs.fns.ts';

const DELIVERY_TIMEOUT_MS = 5_000;

/** The Slack message (Block Kit), like the big-deposit alert's. */
export function bigWinMessage(win: GameRoundSettledEvent) {
  const multiple = win.bet > 0 ? (win.payout / win.bet).toFixed(2) : '—';
  return {
    text: `Big win: ${win.payout} ${win.currency} minor units on ${win.gameName}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: 'Big win' } },
      {
        type: 'section',
        fields: [
          { type: 'mrkdwn', text: `*Player id*\n${win.playerId}` },
          { type: 'mrkdwn', text: `*Nickname*\n${win.nickname}` },
          { type: 'mrkdwn', text: `*Game*\n${win.gameName} (${win.gameId})` },
          {
            type: 'mrkdwn',
            text: `*Win*\n${win.payout} ${win.currency} minor units (${multiple}× the stake of ${win.bet})`,
          },
          { type: 'mrkdwn', text: `*Round*\n${win.roundId}` },
        ],
      },
    ],
  };
}

/**
 * Spec §9 big-win alerts: an outbox handler of game.round.settled. A qualifying round is
 * recorded in big_win_alerts (once, whatever the redeliveries) and posted to Slack's
 * /slack/big-wins (beside the big-deposit webhook's /slack/big-debs) when Slack is configured.
 * The post runs beside the outbox, not in it — a slow Slack must not hold up balance pushes —
 * so a node dying mid-post leaves the row `pending`, visible to whoever looks.
 */
export function createBigWinAlerts(deps: {
  repo: BigWinAlertsRepo;
  slackWebhookUrl: string | undefined;
  log: FastifyBaseLogger;
}) {
  const { repo, log } = deps;
  const url = deps.slackWebhookUrl ? slackAlertUrl(deps.slackWebhookUrl, 'big-wins') : null;

  async function post(win: GameRoundSettledEvent): Promise<BigWinDelivery> {
    if (!url) return 'not_configured';
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(bigWinMessage(win)),
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (res.ok) return 'sent';
      log.warn({ status: res.status, roundId: win.roundId }, 'big-win alert refused by Slack');
    } catch (err) {
      log.warn({ err, roundId: win.roundId }, 'big-win alert not delivered');
    }
    return 'failed';
  }

  async function deliver(win: GameRoundSettledEvent): Promise<void> {
    const delivery = await post(win);
    await repo.setDelivery(win.roundId, delivery);
    log.info({ roundId: win.roundId, playerId: win.playerId, delivery }, 'big win');
  }

  return {
    async onEvent(event: OutboxEvent): Promise<void> {
      if (event.type !== 'game.round.settled') return;
      const parsed = gameRoundSettledEventSchema.safeParse(event.payload);
      // The live boards log a bad payload already; nothing to alert on.
      if (!parsed.success) return;
      const win = parsed.data;
      if (!isBigWin(win.currency, win.bet, win.payout)) return;
      const first = await repo.insertOnce({
        roundId: win.roundId,
        playerId: win.playerId,
        game: win.gameId,
        currency: win.currency,
        bet: win.bet,
        payout: win.payout,
        delivery: 'pending',
      });
      if (!first) return;
      void deliver(win).catch((err: unknown) =>
        log.error({ err, roundId: win.roundId }, 'big-win alert left pending'),
      );
    },
  };
}
export type BigWinAlerts = ReturnType<typeof createBigWinAlerts>;
