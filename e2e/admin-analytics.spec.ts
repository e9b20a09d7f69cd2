import { createStaff, enrol, staffPage } from './admin-helpers';
import { expect, test } from './fixtures';

/** The sandbox's analytics key (config DEMO_ANALYTICS_API_KEY): the demo server's site sends it. */
const DEMO_KEY = 'coinfall-demo-analytics-key';

test.describe('the back office’s analytics page', () => {
  test('marketing reads the events of the day, and an empty range says so', async ({
    request,
    browser,
  }) => {
    test.setTimeout(90_000);
    const eventType = `e2e-report-${crypto.randomUUID().slice(0, 8)}`;
    const sent = await request.post('/2/httpapi', {
      data: {
        api_key: DEMO_KEY,
        events: [
          {
            event_type: eventType,
            device_id: `device-${crypto.randomUUID()}`,
            insert_id: crypto.randomUUID(),
            time: Date.now(),
          },
        ],
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);

    const marketing = await createStaff(request, 'marketing');
    const staff = await staffPage(browser);
    await enrol(staff, marketing);
    await staff
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Analytics' })
      .click();
    await expect(staff).toHaveURL(/\/admin\/analytics(\?|$)/);
    await expect(staff.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();

    const events = staff.getByRole('table', { name: 'Events by type' });
    await expect(events.getByRole('row').filter({ hasText: eventType })).toContainText('1');

    // A range long before the site existed: each report says it is empty.
    await staff.getByLabel('First day (UTC)').fill('2001-01-01');
    await staff.getByLabel('Last day (UTC)').fill('2001-01-02');
    await staff.getByRole('button', { name: 'Show' }).click();
    await expect(staff).toHaveURL(/from=2001-01-01/);
    await expect(staff.getByText('No events in these days.')).toBeVisible();
    await expect(staff.getByText('No page views in these days.')).toBeVisible();
    await expect(staff.getByText('Nobody registered in these days.')).toBeVisible();
    const days = staff.getByRole('table', { name: /Active players, devices and sessions/ });
    await expect(days.getByRole('row')).toHaveCount(3);
  });
});
