import type {
  AdminQuestPackage,
  AdminQuestPackageList,
} from '@coinfall/shared/contracts/admin-promotions';
import {
  createInactiveQuest,
  createStaff,
  enrol,
  staffApiHeaders,
  staffPage,
} from './admin-helpers';
import { expect, test } from './fixtures';

const text = (en: string) => ({ en, es: en, 'pt-br': en });

test.describe('the back office edits a chain’s steps', () => {
  test('a marketing staff member reorders and removes steps with the keyboard, confirmed with a reason', async ({
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const headers = await staffApiHeaders(request, 'marketing');
    const tag = crypto.randomUUID().slice(0, 6);
    // Off as single quests, so no player holds them before they are chained.
    const quest = (name: string) =>
      createInactiveQuest(request, headers, {
        identity: `e2e-step-${name}-${tag}`,
        name: `Step ${name}`,
        reward: { kind: 'coins', currency: 'GC', amount: 100 },
        reason: 'e2e chain steps',
      });
    const [a, b, c] = [await quest('a'), await quest('b'), await quest('c')];
    const created = await request.post('/api/admin/quest-packages', {
      headers,
      data: {
        identity: `e2e-trail-${tag}`,
        enabled: false,
        name: text('Trail'),
        description: text('Three steps'),
        image: null,
        reward: null,
        eligibility: {},
        startAt: new Date(Date.now() - 60_000).toISOString(),
        endAt: null,
        questIds: [a.id, b.id, c.id],
        reason: 'e2e chain steps',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const chain = (await created.json()) as AdminQuestPackage;

    const marketing = await createStaff(request, 'marketing');
    const staff = await staffPage(browser);
    try {
      await staff.goto('/admin');
      await staff.waitForURL(/\/admin\/sign-in(\?|$)/, { timeout: 60_000 });
      await enrol(staff, marketing);
      await staff.goto(`/admin/quests/chains/${chain.id}`);
      await expect(staff.getByRole('heading', { name: chain.identity })).toBeVisible();

      await staff.getByRole('button', { name: `Move ${c.identity} up` }).focus();
      await staff.keyboard.press('Enter');
      await staff.getByRole('button', { name: `Remove ${a.identity}` }).focus();
      await staff.keyboard.press('Enter');
      const steps = staff.getByRole('list', { name: 'Steps, in the order players walk them' });
      await expect(steps.getByRole('listitem')).toHaveText([
        new RegExp(`1\\. ${c.identity}`),
        new RegExp(`2\\. ${b.identity}`),
      ]);

      await staff.getByRole('button', { name: 'Save steps' }).click();
      const dialog = staff.getByRole('dialog', { name: `Change the steps of ${chain.identity}?` });
      await expect(dialog).toContainText(`Removed (they become single quests): ${a.identity}`);
      await dialog.getByLabel('Reason (kept in the audit log)').fill('Shorter trail');
      await dialog.getByRole('button', { name: 'Save steps' }).click();
      await expect(staff.getByRole('status').filter({ hasText: 'Steps saved.' })).toBeVisible();

      const list = (await (
        await request.get('/api/admin/quest-packages', { headers })
      ).json()) as AdminQuestPackageList;
      const saved = list.data.find((p) => p.id === chain.id)!;
      expect(saved.quests.map((q) => q.id)).toEqual([c.id, b.id]);
    } finally {
      await staff.context().close();
    }
  });
});
