import {
  index,
  layout,
  route,
  type RouteConfig,
  type RouteConfigEntry,
} from '@react-router/dev/routes';

/**
 * The route table of spec §2. Every page exists twice: unprefixed (default locale) and under
 * the `:locale` prefix. `p` namespaces the route ids so both copies can coexist.
 */
function localizedPages(p: string): RouteConfigEntry[] {
  const id = (name: string) => `${p}${name}`;
  return [
    index('routes/home.tsx', { id: id('home') }),
    route('403', 'routes/error-403.tsx', { id: id('error-403') }),
    route('404', 'routes/error-404.tsx', { id: id('error-404') }),
    route('500', 'routes/error-500.tsx', { id: id('error-500') }),
    route('blocked', 'routes/blocked.tsx', { id: id('blocked') }),
    route('excluded', 'routes/excluded.tsx', { id: id('excluded') }),
    route('contact', 'routes/contact.tsx', { id: id('contact') }),
    route('headers', 'routes/headers.tsx', { id: id('headers') }),
    route('loyalty', 'routes/loyalty.tsx', { id: id('loyalty') }),
    route('sport', 'routes/sport.tsx', { id: id('sport') }),
    route('vip', 'routes/vip.tsx', { id: id('vip') }),
    route('fairness', 'routes/fairness.tsx', { id: id('fairness') }),
    route('static/:pageUrl', 'routes/static-page.tsx', { id: id('static') }),
    // The game client in the iframe: authorized by the game-session token, not the player's.
    route('play/:identity', 'routes/play.tsx', { id: id('play') }),
    route('quests', 'routes/quests.tsx', { id: id('quests') }, [
      index('routes/quests-index.tsx', { id: id('quests-index') }),
      route('list', 'routes/quests-list.tsx', { id: id('quests-list') }),
      route('achievements', 'routes/quests-achievements.tsx', { id: id('quests-achievements') }),
    ]),
    route('auth/social/:connection/callback', 'routes/social-callback.tsx', {
      id: id('social-callback'),
    }),
    layout('shell/games-collection-guard.tsx', { id: id('games-guard') }, [
      route('games', 'routes/games.tsx', { id: id('games') }),
    ]),
    layout('shell/auth-guard.tsx', { id: id('auth-guard') }, [
      route('favorites', 'routes/favorites.tsx', { id: id('favorites') }),
      route('recently-played', 'routes/recently-played.tsx', { id: id('recently-played') }),
      route('games/:id', 'routes/game.tsx', { id: id('games-id') }),
      route('payments', 'routes/payments.tsx', { id: id('payments') }),
      route('payments/success', 'routes/payments-success.tsx', { id: id('payments-success') }),
      route('payments/fail', 'routes/payments-fail.tsx', { id: id('payments-fail') }),
      route('payments/processing', 'routes/payments-processing.tsx', {
        id: id('payments-processing'),
      }),
      route('promotions', 'routes/promotions.tsx', { id: id('promotions') }),
      route('promotions/:slug', 'routes/promotion.tsx', { id: id('promotion') }),
      route('profile', 'routes/profile.tsx', { id: id('profile') }, [
        index('routes/profile-index.tsx', { id: id('profile-index') }),
        route('bonuses', 'routes/profile-bonuses.tsx', { id: id('profile-bonuses') }),
        route('history', 'routes/profile-history.tsx', { id: id('profile-history') }),
        route('info', 'routes/profile-info.tsx', { id: id('profile-info') }),
        route('limits', 'routes/profile-limits.tsx', { id: id('profile-limits') }),
        route('security', 'routes/profile-security.tsx', { id: id('profile-security') }),
        route('wallet', 'routes/profile-wallet.tsx', { id: id('profile-wallet') }),
      ]),
    ]),
    route('*', 'routes/catch-all.tsx', { id: id('catch-all') }),
  ];
}

export default [
  // The back office (issue 17, decision 038): its own layout and code under app/admin, English
  // only, never the player shell.
  route('admin', 'admin/routes/admin-root.tsx', { id: 'admin' }, [
    route('sign-in', 'admin/routes/sign-in.tsx', { id: 'admin-sign-in' }),
    layout('admin/routes/frame.tsx', { id: 'admin-frame' }, [
      index('admin/routes/overview.tsx', { id: 'admin-overview' }),
      route('players', 'admin/routes/players.tsx', { id: 'admin-players' }),
      route('players/:id', 'admin/routes/player.tsx', { id: 'admin-player' }),
      route('adjustments', 'admin/routes/adjustments.tsx', { id: 'admin-adjustments' }),
      route('redemptions', 'admin/routes/redemptions.tsx', { id: 'admin-redemptions' }),
      route('kyc', 'admin/routes/kyc.tsx', { id: 'admin-kyc' }),
      route('kyc/:id', 'admin/routes/kyc-document.tsx', { id: 'admin-kyc-document' }),
      route('rounds', 'admin/routes/rounds.tsx', { id: 'admin-rounds' }),
      route('rounds/big-wins', 'admin/routes/big-wins.tsx', { id: 'admin-big-wins' }),
      route('rounds/:id', 'admin/routes/round.tsx', { id: 'admin-round' }),
      route('reports', 'admin/routes/reports.tsx', { id: 'admin-reports' }),
      route('analytics', 'admin/routes/analytics.tsx', { id: 'admin-analytics' }),
      route('audit', 'admin/routes/audit.tsx', { id: 'admin-audit' }),
      route('bonuses', 'admin/routes/bonuses.tsx', { id: 'admin-bonuses' }),
      route('bonuses/new', 'admin/routes/bonus-definition.tsx', { id: 'admin-bonus-new' }),
      route('bonuses/:id', 'admin/routes/bonus-definition.tsx', { id: 'admin-bonus' }),
      route('bonus-codes', 'admin/routes/bonus-codes.tsx', { id: 'admin-bonus-codes' }),
      route('quests', 'admin/routes/quests.tsx', { id: 'admin-quests' }),
      route('loyalty', 'admin/routes/loyalty.tsx', { id: 'admin-loyalty' }),
      route('segments', 'admin/routes/segments.tsx', { id: 'admin-segments' }),
      route('segments/new', 'admin/routes/segment.tsx', { id: 'admin-segment-new' }),
      route('segments/:id', 'admin/routes/segment.tsx', { id: 'admin-segment' }),
      route('quests/new', 'admin/routes/quest.tsx', { id: 'admin-quest-new' }),
      route('quests/chains/new', 'admin/routes/quest-chain.tsx', { id: 'admin-quest-chain-new' }),
      route('quests/chains/:id', 'admin/routes/quest-chain-steps.tsx', {
        id: 'admin-quest-chain-steps',
      }),
      route('quests/:id', 'admin/routes/quest.tsx', { id: 'admin-quest' }),
      route('support', 'admin/routes/support.tsx', { id: 'admin-support' }),
      route('staff', 'admin/routes/staff.tsx', { id: 'admin-staff' }),
      route('account', 'admin/routes/account.tsx', { id: 'admin-account' }),
      route('catalog', 'admin/routes/catalog.tsx', { id: 'admin-catalog' }),
      route('catalog/collections', 'admin/routes/catalog-collections.tsx', {
        id: 'admin-catalog-collections',
      }),
      route('catalog/bundles', 'admin/routes/catalog-bundles.tsx', { id: 'admin-catalog-bundles' }),
      route('jurisdictions', 'admin/routes/jurisdictions.tsx', { id: 'admin-jurisdictions' }),
      route('big-deposits', 'admin/routes/big-deposits.tsx', { id: 'admin-big-deposits' }),
      route('content', 'admin/routes/content.tsx', { id: 'admin-content' }),
      route('content/:locale/:name', 'admin/routes/content-document.tsx', {
        id: 'admin-content-document',
      }),
      route('*', 'admin/routes/not-found.tsx', { id: 'admin-not-found' }),
    ]),
  ]),
  // Pages that never take a locale prefix (spec §2).
  route('questions', 'routes/questions.tsx', { id: 'questions' }),
  route('questions/:pageUrl', 'routes/questions-page.tsx', { id: 'questions-page' }),
  ...localizedPages(''),
  route(':locale', 'shell/locale-prefix.tsx', { id: 'locale' }, localizedPages('locale:')),
] satisfies RouteConfig;
