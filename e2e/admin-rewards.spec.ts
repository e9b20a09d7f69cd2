import type { AdminQuest } from '@coinfall/shared/contracts/admin-promotions';
import {
  createInactiveQuest,
  createStaff,
  enrol,
  staffApiHeaders,
  staffPage,
} from './admin-helpers';
import { expect, test } from './fixtures';

test.describe('the back office edits a reward field by field', () => {
  test('a marketing staff member sees a quest’s coin reward in coins and turns it into loyalty points', async ({
    request,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const headers = await staffApiHeaders(request, 'marketing');
    const identity = `e2e-reward-${crypto.randomUUID().slice(0, 6)}`;
    const quest = await createInactiveQuest(request, headers, {
      identity,
      name: 'Reward editor',
      // 12.50 GC in minor units: the editor shows coins, not cents.
      reward: { kind: 'coins', currency: 'GC', amount: 1250 },
      reason: 'e2e reward editor',
    });

    const marketing = await createStaff(request, 'marketing');
    const staff = await staffPage(browser);
    try {
      await staff.goto('/admin');
      await staff.waitForURL(/\/admin\/sign-in(\?|$)/, { timeout: 60_000 });
      await enrol(staff, marketing);
      await staff.goto(`/admin/quests/${quest.id}`);
      const form = staff.getByRole('form', { name: 'Edit the quest' });
      await expect(form.getByLabel('Reward kind')).toHaveValue('coins');
      await expect(form.getByLabel('Currency')).toHaveValue('GC');
      await expect(form.getByLabel('Amount')).toHaveValue('12.50');

      await form.getByLabel('Reward kind').selectOption('points');
      await form.getByLabel('Points').fill('250');
      await form.getByLabel('Reason (kept in the audit log)').fill('Points instead of coins');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(staff.getByText(`Saved ${identity}.`)).toBeVisible();

      const saved = (await (
        await request.get(`/api/admin/quests/${quest.id}`, { headers })
      ).json()) as AdminQuest;
      expect(saved.reward).toEqual({ kind: 'points', points: 250 });
      expect(consoleErrors).toEqual([]);
    } finally {
      await staff.context().close();
    }
  });
});
