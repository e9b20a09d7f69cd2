import type { Game } from '@coinfall/shared/contracts/game';
import type { GamesTexts } from '../../../i18n/messages/games';
import { tileThemeOf, type TileTheme } from '../tile-art.fns';

type RulesKey =
  | 'rules_dice'
  | 'rules_limbo'
  | 'rules_plinko'
  | 'rules_mines'
  | 'rules_keno'
  | 'rules_hilo'
  | 'rules_blackjack'
  | 'rules_roulette'
  | 'rules_slot';

const GAME_RULES: Partial<Record<TileTheme, RulesKey>> = {
  dice: 'rules_dice',
  limbo: 'rules_limbo',
  plinko: 'rules_plinko',
  mines: 'rules_mines',
  keno: 'rules_keno',
  hilo: 'rules_hilo',
  blackjack: 'rules_blackjack',
  roulette: 'rules_roulette',
};

/** Which rules summary a game shows: its original's, or the slot one. */
export function rulesKeyOf(game: Pick<Game, 'identity' | 'kind'>): RulesKey {
  if (game.kind === 'slot') return 'rules_slot';
  return GAME_RULES[tileThemeOf(game.identity, game.kind)] ?? 'rules_slot';
}

/** Rules summary, RTP, volatility and provider. */
export function GameInfoPanel({ game, t }: { game: Game; t: GamesTexts }) {
  return (
    <section
      aria-labelledby="game-info"
      className="rounded-2xl border border-border bg-surface p-5"
    >
      <h2 id="game-info" className="font-display text-lg font-bold">
        {t.infoTitle}
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-text-muted">{t.rtpLabel}</dt>
          <dd className="font-mono font-semibold">{game.rtp}%</dd>
        </div>
        <div>
          <dt className="text-text-muted">{t.volatilityLabel}</dt>
          <dd className="font-semibold">{t[`vol_${game.volatility}`]}</dd>
        </div>
        <div>
          <dt className="text-text-muted">{t.providerLabel}</dt>
          <dd className="font-semibold">{game.provider.name}</dd>
        </div>
      </dl>
      <h3 className="mt-4 text-sm font-semibold">{t.rulesTitle}</h3>
      <p className="mt-1 text-sm text-text-muted">{t[rulesKeyOf(game)]}</p>
    </section>
  );
}
