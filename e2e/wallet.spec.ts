import { WELCOME_COINS } from '@coinfall/shared';
import { balanceLabel, expect, registerAndLogin, test } from './fixtures';

test.describe('wallet accounts', () => {
  test('a new player sees the GC balance, adds USD, switches to it and hides GC', async ({
    page,
    context,
    request,
    visit,
    consoleErrors,
  }) => {
    const { accessToken } = await registerAndLogin(context, request);
    // The socket's frames from the server, held while `holding` (see the 409 below).
    let holding = false;
    let release: () => void = () => undefined;
    await page.routeWebSocket(/\/api\/connection\/websocket/, (socket) => {
      const server = socket.connectToServer();
      const held: (string | Buffer)[] = [];
      release = () => {
        holding = false;
        for (const frame of held.splice(0)) socket.send(frame);
      };
      server.onMessage((frame) => (holding ? held.push(frame) : socket.send(frame)));
    });
    await visit('/');
    const balance = page.getByRole('banner').getByTestId('currency-nav');
    // Registration opens an active GC account and an SC one, holding the welcome coins.
    await expect(balance).toHaveAccessibleName(balanceLabel(WELCOME_COINS.GC, 'GC'));

    // The page would hear of an account opened elsewhere (below) from its wallet push, or read
    // it again when its subscription starts, and stop offering that currency: to show the
    // server's 409 on the field, the socket's frames are held until the form has been sent. The
    // page reads its accounts over HTTP meanwhile, as it does before its socket is up.
    holding = true;
    await visit('/profile/wallet');
    const rows = page.getByTestId('wallet-account-row');
    await expect(rows).toHaveCount(2);
    const gc = rows.filter({ hasText: 'GC' });
    await expect(gc).toContainText(balanceLabel(WELCOME_COINS.GC, 'GC').replace('Balance: ', ''));
    // Gold Coins have no cash value.
    await expect(gc).toContainText('$0.00');
    await expect(gc).toContainText('Active');
    const hideGc = gc.getByRole('button', { name: 'Hide the GC account' });
    await expect(hideGc).toHaveAttribute('aria-disabled', 'true');
    await expect(hideGc).toHaveAccessibleDescription(/active account cannot be hidden/);

    // An account opened elsewhere meanwhile: the server's 409 is shown on the field.
    const opened = await request.post('/api/wallet/accounts', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { currency: 'BTC' },
    });
    expect(opened.status()).toBe(200);
    const add = page.getByRole('region', { name: 'Add an account' });
    await add.getByLabel('Currency').selectOption('BTC');
    await add.getByRole('button', { name: 'Add account' }).click();
    await expect(add.getByRole('alert')).toHaveText(
      'You already have an account in this currency.',
    );
    await expect(add.getByLabel('Currency')).toHaveAttribute('aria-invalid', 'true');
    release();
    // The push through, the page no longer offers the currency it has.
    await expect(add.getByLabel('Currency').locator('option[value="BTC"]')).toHaveCount(0);

    await add.getByLabel('Currency').selectOption('USD');
    await add.getByRole('button', { name: 'Add account' }).click();
    await expect(add.getByRole('status')).toHaveText('Your USD account is open.');
    await expect(rows).toHaveCount(4);

    const usd = rows.filter({ hasText: 'USD' });
    await usd.getByRole('button', { name: 'Make USD the active account' }).click();
    await expect(
      page.getByRole('region', { name: 'Your accounts' }).getByRole('status'),
    ).toHaveText('Your active account is now USD.');
    await expect(usd).toContainText('Active');
    await expect(balance).toHaveAccessibleName('Balance: $0.00');

    await expect(hideGc).not.toHaveAttribute('aria-disabled');
    await hideGc.click();
    await expect(
      page.getByRole('region', { name: 'Your accounts' }).getByRole('status'),
    ).toHaveText('The GC account is hidden.');
    await expect(gc).toContainText('Hidden');

    await balance.click();
    const menu = page.getByRole('dialog', { name: 'Balance and accounts' });
    const listed = menu.getByTestId('currency-nav-account');
    await expect(listed).toHaveCount(3);
    await expect(listed.first()).toContainText('$0.00');
    await expect(listed.first()).toContainText('Active');
    const welcomeSc = balanceLabel(WELCOME_COINS.SC, 'SC').replace('Balance: ', '');
    await expect(listed.filter({ hasText: 'SC' })).toContainText(welcomeSc);
    await expect(menu).not.toContainText('GC');
    await expect(menu.getByRole('button', { name: 'Make SC the active account' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Manage accounts' })).toHaveAttribute(
      'href',
      '/profile/wallet',
    );

    // Chromium logs the 409 the test provoked on purpose; nothing else may fail.
    const provoked = (e: string) =>
      e.includes('status of 409') && e.includes('/api/wallet/accounts');
    expect(consoleErrors.filter((e) => !provoked(e))).toEqual([]);
  });

  test('a guest sees no balance button', async ({ page, visit }) => {
    await visit('/');
    await expect(page.getByRole('banner').getByTestId('currency-nav')).toHaveCount(0);
  });
});
