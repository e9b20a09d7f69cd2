import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { RoundAnswer } from '@coinfall/shared';
import type { SlotMachineDefinition } from '@coinfall/shared/games/slots/slot-machine.types';
import { AutoplayPanel } from '../common/autoplay-panel.tsx';
import { BetSelector } from '../common/bet-selector.tsx';
import { GameLayout } from '../common/game-layout.tsx';
import { ignoreFailure } from '../common/use-one-shot-round.ts';
import { useAutoplay } from '../common/use-autoplay.ts';
import { formatCoins } from '../display.fns.ts';
import type { GameUiProps } from '../game-ui.ts';
import { useGameText } from '../use-game-text.ts';
import { SlotPaytable } from './slot-paytable.tsx';
import { SlotReels } from './slot-reels.tsx';
import { gridTextOf, summaryLinesOf } from './slot-summary.fns.ts';
import { SLOT_CSS, themeStyleOf } from './slot-themes.ts';
import { highlightOf, machineOf } from './slot-view.fns.ts';
import { useSlotRound } from './use-slot-round.ts';
import { useRememberedBet } from '../common/use-remembered-bet';
import { useSlotSound } from './slot-sound.ts';
import {
  BigWinCelebration,
  useCountUp,
  usePrefersReducedMotion,
} from './slot-win-presentation.tsx';
import { winTierOf } from './slot-win.fns.ts';

/** Space and Enter spin, unless focus is on a control that has its own use for them. */
function isSpinKey(event: KeyboardEvent): boolean {
  if (event.key !== ' ' && event.key !== 'Enter') return false;
  if (event.repeat || event.altKey || event.ctrlKey || event.metaKey) return false;
  const target = event.target as HTMLElement | null;
  return !target?.closest?.('button, a, input, select, textarea, summary, [contenteditable]');
}

function SlotMachineGame(props: GameUiProps & { machine: SlotMachineDefinition }) {
  const { session, api, machine } = props;
  const { t, locale } = useGameText();
  const onAnswer = useCallback((answer: RoundAnswer) => props.onAnswer(answer), [props]);
  const [bet, setBet] = useRememberedBet(session);
  const game = useSlotRound({
    machine,
    api,
    openRound: session.openRound,
    balance: session.balance,
    onAnswer,
  });
  const autoplay = useSlotAutoplay(game.playRound, bet, game.balance);
  const { round, view, busy } = game;
  const tags = {
    wild: t('slot.wildTag'),
    scatter: t('slot.scatterTag'),
    bonus: t('slot.bonusTag'),
  };
  const money = (minor: number) => formatCoins(minor, session.currency, locale);

  const spinOnce = () => {
    if (busy || autoplay.running) return;
    ignoreFailure(game.spinOnce(bet));
  };
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!isSpinKey(event)) return;
    event.preventDefault();
    spinOnce();
  });
  useEffect(() => {
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const settledView = game.spin ? null : view;
  const summary =
    settledView && round
      ? summaryLinesOf(
          settledView,
          { machine, bet: round.bet, currency: round.currency, locale, done: round.done },
          t,
        )
      : [];
  const resumed = round !== null && round === session.openRound && !round.done;
  const freePhase = view !== null && (view.phase === 'free' || game.inFreeSpins);

  // The win presented: the amount counts up, a big win is celebrated over the reels, a jingle
  // plays unless muted; each once per settled spin (the view object is the spin's identity).
  const reducedMotion = usePrefersReducedMotion();
  const sound = useSlotSound();
  const winTarget = settledView && settledView.spinWinE4 > 0 ? settledView.payout : 0;
  const tier = round ? winTierOf(winTarget, round.bet) : 'none';
  const shownWin = useCountUp(winTarget, tier, reducedMotion, settledView);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const celebrate = tier === 'big' && settledView !== null && dismissed !== settledView;
  const endCelebration = useCallback(() => setDismissed(settledView), [settledView]);
  const playWin = useEffectEvent(() => {
    if (!resumed) sound.playWin(tier);
  });
  useEffect(() => {
    if (settledView) playWin();
  }, [settledView]);

  const stage = (
    <div
      className="slot-machine relative flex flex-col gap-3 rounded-2xl p-3 sm:p-4"
      style={themeStyleOf(machine.identity)}
      data-machine={machine.identity}
      data-testid="slot-machine"
    >
      <style>{SLOT_CSS}</style>
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
        <h2 className="font-display text-xl font-black tracking-wide">{machine.name}</h2>
        <div className="flex items-center gap-3">
          {winTarget > 0 && (
            <p
              className="slot-accent text-lg font-bold tabular-nums"
              data-testid="slot-win"
              data-tier={tier}
            >
              {t('slot.win')}: {money(shownWin)}
            </p>
          )}
          <button
            type="button"
            aria-pressed={!sound.muted}
            onClick={sound.toggleMuted}
            className="rounded-full border border-current/40 px-3 py-1 text-sm font-semibold"
            data-testid="slot-sound"
          >
            <span aria-hidden="true">{sound.muted ? '🔇 ' : '🔊 '}</span>
            {t('slot.sound')}
          </button>
        </div>
      </div>
      {celebrate && (
        <BigWinCelebration
          title={t('slot.bigWin')}
          amount={money(winTarget)}
          onDone={endCelebration}
        />
      )}
      {freePhase && view && (
        <div
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl border-2 px-3 py-2 font-bold"
          style={{ borderColor: 'var(--slot-accent)' }}
          data-testid="slot-free-spins"
          data-left={view.freeSpins.left}
        >
          <span>
            {round?.done
              ? t('slot.sequenceTotal', { amount: money(view.payout) })
              : t('slot.freeSpinsBanner', { left: view.freeSpins.left })}
          </span>
          {view.freeSpins.multiplier > 1 && (
            <span className="slot-accent">
              {t('slot.multiplierBadge', { multiplier: view.freeSpins.multiplier })}
            </span>
          )}
          {!round?.done && <span>{t('slot.freeSpinsTotal', { amount: money(view.payout) })}</span>}
        </div>
      )}
      <SlotReels
        machine={machine}
        grid={game.grid}
        spin={game.spin}
        highlight={settledView ? highlightOf(settledView, machine) : null}
        tags={tags}
        label={t('slot.reelsLabel', { machine: machine.name })}
        gridText={gridTextOf(game.grid, machine, t)}
      />
      <div aria-live="polite" className="min-h-12 text-sm" data-testid="slot-summary">
        {game.spin ? (
          <p>{t('slot.spinning')}</p>
        ) : resumed ? (
          <p>{t('slot.resumed')}</p>
        ) : (
          summary.length > 0 && (
            <ul className="space-y-0.5">
              {summary.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          )
        )}
      </div>
      <SlotPaytable
        machine={machine}
        t={t}
        tags={tags}
        locale={locale}
        volatility={session.game.volatility}
      />
    </div>
  );

  const controls = (
    <>
      <BetSelector
        levels={session.betLevels}
        value={bet}
        onChange={setBet}
        currency={session.currency}
        disabled={busy || autoplay.running || game.inFreeSpins}
      />
      <button
        type="button"
        onClick={spinOnce}
        disabled={busy || autoplay.running}
        aria-keyshortcuts="Space Enter"
        title={t('slot.spinHint')}
        className="h-14 w-full rounded-full bg-accent px-6 text-lg font-black uppercase tracking-wider text-on-accent hover:bg-accent-strong disabled:opacity-50"
        data-testid="slot-spin"
      >
        {busy ? t('slot.spinning') : game.inFreeSpins ? t('slot.freeSpin') : t('slot.spin')}
      </button>
      <p className="text-xs text-text-muted">{t('slot.spinHint')}</p>
      <AutoplayPanel
        autoplay={autoplay.autoplay}
        onStart={autoplay.start}
        onStop={autoplay.stop}
        disabled={busy}
      />
    </>
  );

  return <GameLayout stage={stage} controls={controls} />;
}

/** Autoplay counts whole rounds: a paid spin and the free spins it wins are one round. */
function useSlotAutoplay(
  playRound: (bet: number) => Promise<RoundAnswer>,
  bet: number,
  balance: number,
) {
  const playOnce = useCallback(() => playRound(bet), [playRound, bet]);
  return useAutoplay(playOnce, balance);
}

/** The game UI of every `slot:*` engine: one component, themed by the machine it runs. */
export default function SlotGame(props: GameUiProps) {
  const machine = machineOf(props.session.game.engine);
  const { t } = useGameText();
  if (!machine) return <p className="p-6 text-center text-text-muted">{t('unknownGame')}</p>;
  return <SlotMachineGame {...props} machine={machine} />;
}
