import {
  request as apiRequest,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, operatorHeaders, registerAndLogin, test } from './fixtures';
import { STAFF_PASSWORD } from './admin-helpers';

/**
 * Issue 18, the live-support chat end to end: a player writes from the widget, an agent answers
 * from the console in another browser, the player sees the answer arrive live; the Blocked page's
 * button opens the chat.
 */

test.describe.configure({ timeout: 180_000 });

/** A support agent signed in (password, then the TOTP code) in a browser context of its own. */
async function agentPage(browser: Browser, request: APIRequestContext): Promise<Page> {
  const email = `e2e-support-${crypto.randomUUID()}@staff.example.com`;
  const created = await request.post('/api/dev/staff', {
    headers: operatorHeaders(),
    data: { email, role: 'support', password: STAFF_PASSWORD },
  });
  expect(created.status(), await created.text()).toBe(201);
  const page = await (await browser.newContext()).newPage();
  const first = await page.request.post('/api/admin/session/password', {
    data: { email, password: STAFF_PASSWORD },
  });
  expect(first.status(), await first.text()).toBe(200);
  const challenge = (await first.json()) as { challenge: string; enrolment: { secret: string } };
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(challenge.enrolment.secret),
  });
  const second = await page.request.post('/api/admin/session/totp', {
    data: { challenge: challenge.challenge, code: totp.generate() },
  });
  expect(second.status(), await second.text()).toBe(200);
  return page;
}

async function conversationIdOf(request: APIRequestContext, accessToken: string): Promise<string> {
  const response = await request.get('/api/support/conversation', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { conversation } = (await response.json()) as { conversation: { id: string } | null };
  expect(conversation).not.toBeNull();
  return conversation?.id ?? '';
}

test('a player writes from the widget, an agent answers from the console, the player sees it live', async ({
  page,
  context,
  request,
  browser,
  visit,
}) => {
  const player = await registerAndLogin(context, request);
  page.on('console', (m) => {
    if (m.type() === 'error') console.log(`page console: ${m.text()}`);
  });
  page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  const httpSends: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/support/messages') {
      httpSends.push(r.url());
    }
  });
  await visit('/');
  await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-state', 'connected', {
    timeout: 20_000,
  });
  // Spec §9: the widget starts 10 s after mount, off the page's first load.
  const launcher = page.getByTestId('support-launcher');
  await expect(launcher).toBeVisible({ timeout: 20_000 });
  await launcher.click();
  await expect(launcher).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByTestId('support-panel');
  const box = panel.getByLabel('Your message');
  await expect(box).toBeFocused();
  await box.fill('Hello, my redemption is stuck <b>help</b> https://example.com/receipt');
  await box.press('Enter');
  const own = panel.locator('[data-testid="support-message"][data-author="player"]');
  await expect(own).toContainText('Hello, my redemption is stuck <b>help</b>');
  // The page's realtime connection is open: the message went on it (support.send, decision
  // 071), not over HTTP.
  expect(httpSends).toEqual([]);
  // Plain text: the markup is shown as typed, and only the https address became a link.
  await expect(own.locator('b')).toHaveCount(0);
  await expect(own.getByRole('link', { name: 'https://example.com/receipt' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );

  const conversationId = await conversationIdOf(request, player.accessToken);
  const agent = await agentPage(browser, request);
  const agentHttpSends: string[] = [];
  agent.on('request', (r) => {
    if (
      r.method() === 'POST' &&
      /^\/api\/admin\/support\/conversations\/[^/]+\/messages$/.test(new URL(r.url()).pathname)
    ) {
      agentHttpSends.push(r.url());
    }
  });
  await agent.goto(`/admin/support?c=${conversationId}`);
  await expect(agent.getByTestId('support-live')).toHaveAttribute('data-state', 'connected', {
    timeout: 30_000,
  });
  const thread = agent.getByTestId('support-console-messages');
  await expect(thread).toContainText('Hello, my redemption is stuck', { timeout: 20_000 });
  await expect(agent.getByTestId('support-player-context')).toContainText(player.email);
  const take = agent.getByRole('button', { name: 'Take', exact: true });
  if (await take.isVisible()) await take.click();

  // An internal note first: it stays in the console, visibly apart, never reaches the player.
  await agent.getByLabel('Internal note (staff only)').check();
  await agent.getByTestId('support-reply').fill('Checked the payout: bank file pending');
  await agent.getByRole('button', { name: 'Add note' }).click();
  await expect(
    thread.locator('[data-testid="support-console-message"][data-internal="true"]'),
  ).toContainText('bank file pending');
  await agent.getByLabel('Internal note (staff only)').uncheck();
  await agent.getByTestId('support-reply').fill('Thanks for waiting: your payout leaves today.');
  await agent.getByRole('button', { name: 'Send reply' }).click();

  // The player's widget shows the answer without a reload, and never the note.
  const answer = panel.locator('[data-testid="support-message"][data-author="agent"]');
  await expect(answer).toContainText('your payout leaves today');
  await expect(panel).not.toContainText('bank file pending');
  // The player read it while the panel was open: the agent sees "Seen".
  await agent.getByTestId('support-reply').fill('Anything else?');
  await agent.getByRole('button', { name: 'Send reply' }).click();
  await expect(answer.last()).toContainText('Anything else?');
  await expect(thread.getByText('Seen')).toBeVisible();
  // The console's connection is open: the note and both answers went on it (support.answer,
  // decision 071), not over HTTP.
  expect(agentHttpSends).toEqual([]);
  await agent.context().close();
});

test('a blocked player signs in, lands on the Blocked page, and its button opens the chat', async ({
  page,
  request,
  browser,
  visit,
}) => {
  // Registered through the API, signed in on no browser yet.
  const email = `e2e-${crypto.randomUUID()}@example.com`;
  const password = 'coinfall-e2e-secret';
  const registered = await request.post('/api/player/register', {
    data: {
      email,
      password,
      agreements: true,
      receiveEmailPromo: false,
      device: { type: 'desktop' },
    },
  });
  expect(registered.status()).toBe(200);
  const { profile } = (await registered.json()) as { profile: { id: string } };
  const agent = await agentPage(browser, request);
  const blocked = await agent.request.post(`/api/admin/players/${profile.id}/block`, {
    data: { reason: 'e2e: chargeback under review' },
  });
  expect(blocked.status(), await blocked.text()).toBe(200);
  await agent.context().close();

  // The refused login sends the player to /blocked with a pass to support, and to nothing else.
  await visit('/?modal=sign-in');
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('Email', { exact: true }).fill(email);
  await signIn.getByLabel('Password').fill(password);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/blocked(\?|$)/, { timeout: 20_000 });
  expect((await page.context().cookies()).some((c) => c.name === 'access_token')).toBe(false);

  // The page's own button opens the chat (it starts closed, the launcher under the header).
  await page.getByRole('main').getByRole('button', { name: 'Chat with support' }).click();
  const panel = page.getByTestId('support-panel');
  await expect(panel).toBeVisible();
  const box = panel.getByLabel('Your message');
  await box.fill('Why is my account blocked?');
  await box.press('Enter');
  await expect(
    panel.locator('[data-testid="support-message"][data-author="player"]'),
  ).toContainText('Why is my account blocked?');
});

/** A 1×1 PNG: the server types an attachment by its bytes, so it must be a real image. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The widget started (10 s after mount, spec §9) and opened by the player. */
async function openWidget(page: Page): Promise<Locator> {
  const launcher = page.getByTestId('support-launcher');
  await expect(launcher).toBeVisible({ timeout: 20_000 });
  await launcher.click();
  const panel = page.getByTestId('support-panel');
  await expect(panel.getByLabel('Your message')).toBeVisible();
  return panel;
}

async function postAsPlayer(request: APIRequestContext, accessToken: string, text: string) {
  const posted = await request.post('/api/support/messages', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { text, clientMessageId: crypto.randomUUID(), locale: 'en' },
  });
  expect(posted.status(), await posted.text()).toBe(200);
}

/** The signed-in agent's own entry of the agents' list (id and display name). */
/**
 * The signed-in agent as the agents' list shows them. An agent is listed once their console has
 * told their presence, which it does after it loads: the list is read again until they are.
 */
async function agentSelf(agent: Page): Promise<{ id: string; displayName: string }> {
  let me: { id: string; displayName: string } | undefined;
  await expect
    .poll(
      async () => {
        const listed = await agent.request.get('/api/admin/support/agents');
        expect(listed.status(), await listed.text()).toBe(200);
        const { data } = (await listed.json()) as {
          data: { id: string; displayName: string; me: boolean }[];
        };
        me = data.find((a) => a.me);
        return me !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return me ?? { id: '', displayName: '' };
}

test('a player attaches an image the agent sees, never public; the agent closes and the player rates', async ({
  page,
  context,
  request,
  browser,
  visit,
  baseURL,
}) => {
  const player = await registerAndLogin(context, request);
  await visit('/');
  const panel = await openWidget(page);
  await page.getByTestId('support-file').setInputFiles({
    name: 'receipt.png',
    mimeType: 'image/png',
    buffer: PIXEL_PNG,
  });
  await expect(
    panel.locator('[data-testid="support-message"][data-author="player"]'),
  ).toContainText('Attachment: receipt.png');

  const conversationId = await conversationIdOf(request, player.accessToken);
  const agent = await agentPage(browser, request);
  await agent.goto(`/admin/support?c=${conversationId}`);
  const thread = agent.getByTestId('support-console-messages');
  const link = thread.getByRole('link', { name: /Attachment: receipt\.png/ });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/api\/admin\/support\/attachments\//);
  // The agent's session reads the bytes; nobody without credentials does, by either path.
  const read = await agent.request.get(href);
  expect(read.status()).toBe(200);
  expect(Buffer.from(await read.body()).equals(PIXEL_PNG)).toBe(true);
  const anonymous = await apiRequest.newContext({ baseURL });
  const attachmentId = href.split('/').at(-1) ?? '';
  for (const url of [href, `/api/support/attachments/${attachmentId}`]) {
    const refused = await anonymous.get(url);
    expect([401, 403], `${url} answered ${refused.status()}`).toContain(refused.status());
  }
  await anonymous.dispose();

  // The agent closes; the player is asked to rate, and the rating reaches the console.
  const take = agent.getByRole('button', { name: 'Take', exact: true });
  if (await take.isVisible()) await take.click();
  await agent.getByRole('button', { name: 'Close', exact: true }).click();
  await agent.getByRole('button', { name: 'Close conversation' }).click();
  await expect(panel.getByRole('group', { name: 'How did we do?' })).toBeVisible({
    timeout: 20_000,
  });
  // The stars are radios: chosen from the keyboard, as any player may.
  const four = panel.getByRole('radio', { name: '4 out of 5' });
  await four.focus();
  await page.keyboard.press('Space');
  await expect(four).toBeChecked();
  await panel.getByLabel('Anything to add? (optional)').fill('Quick and kind');
  await panel.getByRole('button', { name: 'Send rating' }).click();
  await expect(panel.getByRole('group', { name: 'How did we do?' })).toHaveCount(0);
  // A rating is not pushed to the console: the agent sees it when the conversation is read again.
  await agent.reload();
  await expect(agent.getByTestId('support-conversation-status')).toContainText('rated 4/5', {
    timeout: 20_000,
  });
  await agent.context().close();
});

test('an agent transfers a conversation to another agent', async ({
  context,
  request,
  browser,
}) => {
  const player = await registerAndLogin(context, request);
  await postAsPlayer(request, player.accessToken, 'Can someone from payments look at this?');
  const conversationId = await conversationIdOf(request, player.accessToken);

  const second = await agentPage(browser, request);
  // Away: listed as an agent (a presence row) without taking other tests' new conversations.
  const presence = await second.request.put('/api/admin/support/presence', {
    data: { status: 'away' },
  });
  expect(presence.status(), await presence.text()).toBe(204);
  const target = await agentSelf(second);
  const first = await agentPage(browser, request);
  await first.goto(`/admin/support?c=${conversationId}`);
  await expect(first.getByTestId('support-console-messages')).toContainText('from payments', {
    timeout: 20_000,
  });
  const take = first.getByRole('button', { name: 'Take', exact: true });
  if (await take.isVisible()) await take.click();
  const me = await agentSelf(first);
  await expect(first.getByTestId('support-conversation-status')).toContainText(me.displayName);

  await first.getByLabel('Transfer to').selectOption(target.id);
  await first.getByRole('button', { name: 'Transfer', exact: true }).click();
  await first
    .getByRole('dialog', { name: `Transfer to ${target.displayName}?` })
    .getByRole('button', { name: 'Transfer', exact: true })
    .click();
  await expect(first.getByTestId('support-conversation-status')).toContainText(target.displayName);
  // The player sees who answers now; the second agent finds it in their console.
  const conversation = await request.get('/api/support/conversation', {
    headers: { authorization: `Bearer ${player.accessToken}` },
  });
  expect(
    ((await conversation.json()) as { conversation: { assignedAgentName: string } }).conversation
      .assignedAgentName,
  ).toBe(target.displayName);
  await second.goto(`/admin/support?c=${conversationId}`);
  await expect(second.getByTestId('support-conversation-status')).toContainText(target.displayName);
  await first.context().close();
  await second.context().close();
});

test('on a desktop the chat opens docked on login beside the page, whose account menu still works', async ({
  page,
  request,
  visit,
}) => {
  const email = `e2e-${crypto.randomUUID()}@example.com`;
  const password = 'coinfall-e2e-secret';
  const registered = await request.post('/api/player/register', {
    data: {
      email,
      password,
      agreements: true,
      receiveEmailPromo: false,
      device: { type: 'desktop' },
    },
  });
  expect(registered.status()).toBe(200);
  await page.setViewportSize({ width: 1280, height: 800 });
  await visit('/?modal=sign-in');
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('Email', { exact: true }).fill(email);
  await signIn.getByLabel('Password').fill(password);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();

  // Spec §9: it maximises on login, without waiting for the 10 s start and without the focus.
  const panel = page.getByTestId('support-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Your message')).not.toBeFocused();
  const menu = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
  const boxes = await Promise.all(
    [panel, page.getByRole('banner'), page.getByRole('main')].map((l) => l.boundingBox()),
  );
  const [panelBox, headerBox, mainBox] = boxes;
  // Docked on the right edge under the header; the page's main content stops before it.
  expect(boxes.every(Boolean)).toBe(true);
  if (panelBox && headerBox && mainBox) {
    expect(panelBox.x + panelBox.width).toBeCloseTo(1280, 0);
    expect(panelBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1);
    expect(panelBox.y + panelBox.height).toBeCloseTo(800, 0);
    const content = await page
      .getByRole('main')
      .evaluate(
        (el) => el.getBoundingClientRect().right - parseFloat(getComputedStyle(el).paddingRight),
      );
    expect(content).toBeLessThanOrEqual(panelBox.x);
  }
  await menu.click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Minimised from the keyboard: the launcher takes the focus, and the page its width back.
  await panel.getByRole('button', { name: 'Minimise chat' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId('support-launcher')).toBeFocused();
  expect(
    await page.getByRole('main').evaluate((el) => parseFloat(getComputedStyle(el).paddingRight)),
  ).toBeLessThan(40);
});

test('on a 390 px phone the chat stays the launcher after login', async ({
  page,
  request,
  visit,
}) => {
  const email = `e2e-${crypto.randomUUID()}@example.com`;
  const password = 'coinfall-e2e-secret';
  const registered = await request.post('/api/player/register', {
    data: {
      email,
      password,
      agreements: true,
      receiveEmailPromo: false,
      device: { type: 'mobile' },
    },
  });
  expect(registered.status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await visit('/?modal=sign-in');
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('Email', { exact: true }).fill(email);
  await signIn.getByLabel('Password').fill(password);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signIn).toHaveCount(0);
  const launcher = page.getByTestId('support-launcher');
  await expect(launcher).toBeVisible();
  await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('support-panel')).toHaveCount(0);
});
