import { expect, registerAndLogin, test } from './fixtures';

/** /profile/history against the real API: a new player's summary and empty lists. */
test.describe('/profile/history', () => {
  test('a new player sees an empty summary and empty lists, tab by tab', async ({
    page,
    context,
    request,
    visit,
    consoleErrors,
  }) => {
    await registerAndLogin(context, request);
    await visit('/profile/history');

    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary.getByTestId('stat-deposits')).toContainText('None yet');
    await expect(summary.getByTestId('stat-virtualPayouts')).toContainText('Redemptions');
    await expect(summary.getByTestId('stat-virtualPayouts')).toContainText('None yet');

    const list = page.getByRole('region', { name: 'Transactions' });
    await expect(list.getByTestId('history-empty')).toHaveText('No transactions yet.');

    // Keyboard: the tabs follow the arrow keys and the URL keeps the tab.
    await list.getByRole('tab', { name: 'All' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(list.getByRole('tab', { name: 'Redemptions' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(list.getByRole('tab', { name: 'Redemptions' })).toBeFocused();
    await expect(page).toHaveURL(/#redemptions$/);
    await expect(list.getByTestId('history-empty')).toHaveText(
      'No transactions match these filters.',
    );

    await list.getByLabel('Status').selectOption('pending');
    await expect(list.getByTestId('history-empty')).toHaveText(
      'No transactions match these filters.',
    );
    expect(consoleErrors).toEqual([]);
  });

  test('the statistics answer the summary’s figures', async ({ context, request }) => {
    const player = await registerAndLogin(context, request);
    const response = await request.get('/api/payment/invoices/statistics', {
      headers: { authorization: `Bearer ${player.accessToken}` },
    });
    expect(response.status()).toBe(200);
    const stats = (await response.json()) as Record<string, { count: number }>;
    expect(stats.deposits?.count).toBe(0);
    expect(stats.virtualPayouts?.count).toBe(0);
  });
});
