import type { AdminLoyaltyLadder } from '@coinfall/shared/contracts/admin-loyalty';
import type { VipProgramme } from '@coinfall/shared/contracts/loyalty';
import type { APIRequestContext, Browser } from '@playwright/test';
import { createStaff, enrol, staffApiHeaders, staffPage } from './admin-helpers';
import { expect, test } from './fixtures';

/** The seeded top rung (apps/server/src/db/seed/loyalty.ts): the one other specs read least. */
const LEVEL = 'Diamond';
const SUBLEVEL = 'Diamond III';

/** A marketing staff member signed in on /admin/loyalty, their API headers and the ladder. */
async function loyaltyDesk(request: APIRequestContext, browser: Browser) {
  const marketing = await createStaff(request, 'marketing');
  const headers = await staffApiHeaders(request, 'marketing');
  const ladder = async () =>
    (
      (await (
        await request.get('/api/admin/loyalty/ladder', { headers })
      ).json()) as AdminLoyaltyLadder
    ).data;
  const staff = await staffPage(browser);
  try {
    await staff.goto('/admin/loyalty');
    await staff.waitForURL(/\/admin\/sign-in(\?|$)/, { timeout: 60_000 });
    await enrol(staff, marketing);
    await staff.goto('/admin/loyalty');
  } catch (err) {
    await staff.context().close();
    throw err;
  }
  const level = staff.getByRole('region', { name: new RegExp(`^${LEVEL}`) });
  return { staff, headers, ladder, level };
}

test.describe('the back office edits the loyalty ladder', () => {
  test('a marketing staff member renames a sublevel and the player’s loyalty page shows it', async ({
    page,
    request,
    browser,
    visit,
  }) => {
    test.setTimeout(120_000);
    const marketing = await createStaff(request, 'marketing');
    const staff = await staffPage(browser);
    const renamed = `Diamond Crown ${crypto.randomUUID().slice(0, 4)}`;
    try {
      // The back office's first load may take a while on a busy machine.
      await staff.goto('/admin');
      await staff.waitForURL(/\/admin\/sign-in(\?|$)/, { timeout: 60_000 });
      await enrol(staff, marketing);
      const nav = staff.getByRole('navigation', { name: 'Back office', exact: true });
      await nav.getByRole('link', { name: 'Loyalty ladder' }).click();
      await expect(staff).toHaveURL(/\/admin\/loyalty(\?|$)/);

      const level = staff.getByRole('region', { name: new RegExp(`^${LEVEL}`) });
      const form = level.getByRole('form', { name: `Edit sublevel ${SUBLEVEL}` });
      await form.getByLabel('Label').fill(renamed);
      await form.getByLabel('Reason (kept in the audit log)').fill('Top rung rebrand');
      await form.getByRole('button', { name: `Save ${SUBLEVEL}` }).click();
      await expect(
        staff.getByRole('status').filter({ hasText: `Saved ${renamed}.` }),
      ).toBeVisible();

      await visit('/loyalty');
      await expect(page.getByTestId('loyalty-sublevel').filter({ hasText: renamed })).toBeVisible();
    } finally {
      // Other specs read the seeded ladder: put the label back through the same API.
      const headers = await staffApiHeaders(request, 'marketing');
      const ladder = (await (
        await request.get('/api/admin/loyalty/ladder', { headers })
      ).json()) as AdminLoyaltyLadder;
      const sub = ladder.data.flatMap((l) => l.sublevels).find((s) => s.label === renamed);
      if (sub) {
        const { id, levelId: _l, holders: _h, ...terms } = sub;
        await request.put(`/api/admin/loyalty/sublevels/${id}`, {
          headers,
          data: { ...terms, label: SUBLEVEL, reason: 'Restore after the e2e test' },
        });
      }
      await staff.context().close();
    }
  });

  test('a level’s slug and place are sent from its form, and the server’s refusals show on those fields', async ({
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { staff, ladder, level } = await loyaltyDesk(request, browser);
    const before = (await ladder()).map((l) => [l.slug, l.order]);
    try {
      await level.getByText(`Edit level ${LEVEL}`).click();
      const form = level.getByRole('form', { name: `Edit level ${LEVEL}` });
      const slug = form.getByLabel('Level slug');
      const place = form.getByLabel('Place on the ladder');
      const reason = form.getByLabel('Reason (kept in the audit log)');
      const save = form.getByRole('button', { name: `Save level ${LEVEL}` });

      // Another level's slug: 409 on the slug field, nothing saved.
      await slug.fill('gold');
      await reason.fill('Try a taken slug');
      await save.click();
      await expect(slug).toHaveAttribute('aria-invalid', 'true');
      await expect(place).not.toHaveAttribute('aria-invalid');

      // The top rung, with its thresholds, to the bottom: the ladder would stop rising.
      await slug.fill(LEVEL.toLowerCase());
      await place.fill('1');
      await save.click();
      await expect(place).toHaveAttribute('aria-invalid', 'true');
      await expect(slug).not.toHaveAttribute('aria-invalid');
      expect((await ladder()).map((l) => [l.slug, l.order])).toEqual(before);
    } finally {
      await staff.context().close();
    }
  });

  test('a marketing staff member changes a VIP level’s rakeback, confirmed with a reason, and the VIP programme shows it', async ({
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const programme = async () =>
      ((await (await request.get('/api/retention/vip/programme')).json()) as VipProgramme).levels;
    const { staff, headers, ladder, level } = await loyaltyDesk(request, browser);
    const seeded = (await ladder()).find((l) => l.slug === 'diamond')!;
    try {
      await level.getByText(`VIP benefits of ${LEVEL}:`).click();
      const form = level.getByRole('form', { name: `Edit VIP benefits of ${LEVEL}` });
      await form.getByLabel('Rakeback (% of house edge)').fill('11');
      await form.getByRole('button', { name: `Save VIP benefits of ${LEVEL}` }).click();

      const dialog = staff.getByRole('dialog', { name: `Change VIP benefits of ${LEVEL}?` });
      await dialog.getByLabel('Reason (kept in the audit log)').fill('Winter VIP push');
      await dialog.getByRole('button', { name: 'Save benefits' }).click();
      await expect(
        staff.getByRole('status').filter({ hasText: `Saved VIP benefits of ${LEVEL}.` }),
      ).toBeVisible();
      expect((await programme()).find((l) => l.levelSlug === 'diamond')).toMatchObject({
        rakebackPercent: 11,
      });
    } finally {
      await request.put(`/api/admin/loyalty/levels/${seeded.id}/benefits`, {
        headers,
        data: {
          vip: seeded.vip,
          dailyBonusPercent: seeded.dailyBonusPercent,
          rakebackPercent: seeded.rakebackPercent,
          personalHost: seeded.personalHost,
          reason: 'Restore after the e2e test',
        },
      });
      await staff.context().close();
    }
  });
});
