import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BOT_SOCKET_EXAMPLE, endpoints } from '@shabaash/shared';
import { documentedVerifier, startReceiver } from '../../api/test/webhookReceiver.ts';
import { newPhoneContext, trackPageErrors, useBrowser } from './browser.ts';
import { createCreator, signInContext } from './flows.ts';

describe('developer access in the Creator Suite', () => {
  const baseUrl = inject('baseUrl');
  const browser = useBrowser();
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('a creator makes a token and a webhook endpoint, sends a test event and sees it delivered in the log', async () => {
    const creator = await createCreator(baseUrl);
    const context = await newPhoneContext(browser());
    await signInContext(context, baseUrl, creator.token);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${baseUrl}/creator`);

    // An API token: named, scoped, shown once, and it works against the API at once.
    const tokens = page.getByRole('region', { name: 'API tokens' });
    await tokens.getByText('No API tokens yet.').waitFor({ timeout: 20_000 });
    await tokens.getByLabel('Token name').fill('Streamer.bot');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const secretField = tokens.getByLabel('Your new API token');
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^shb_/);
    const chats = await fetch(`${baseUrl}/api/creator/chats`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(chats.status).toBe(200);
    await tokens.getByRole('button', { name: 'Done' }).click();
    expect(await secretField.count()).toBe(0);
    await expect
      .poll(() => tokens.getByRole('list', { name: 'Your API tokens' }).textContent())
      .toContain('Streamer.bot');

    // A webhook endpoint on a receiver of this test (loopback is allowed in sandbox).
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await webhooks.getByLabel('Endpoint URL').fill(receiver.url);
    await webhooks.getByRole('button', { name: 'Add endpoint' }).click();
    const signing = webhooks.getByLabel('Signing secret');
    await signing.waitFor();
    const signingSecret = await signing.inputValue();
    expect(signingSecret).toMatch(/^whsec_/);
    await webhooks.getByRole('button', { name: 'Done' }).click();

    await webhooks.getByRole('button', { name: 'Send test event' }).click();
    const log = webhooks.getByRole('region', { name: 'Delivery log' });
    await expect
      .poll(async () => ((await log.count()) ? log.locator('tbody tr').first().textContent() : ''), {
        timeout: 20_000,
      })
      .toMatch(/webhook\.test\s*delivered\s*1\s*HTTP 200/);

    expect(receiver.requests).toHaveLength(1);
    const [received] = receiver.requests;
    expect(received?.body.event).toBe('webhook.test');
    const verify = await documentedVerifier();
    expect(verify(received!.rawBody, received!.signature, received!.timestamp, signingSecret)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('/developers arrives prerendered, stays static until a key, hydrates without a console error, and links the OpenAPI document', async () => {
    const html = await (await fetch(`${baseUrl}/developers`)).text();
    expect(html).toContain('data-prerendered="/developers"');
    expect(html).toContain('Build on Shabaash');
    const login = await (await fetch(`${baseUrl}/login`)).text();
    const inlineScripts = (page: string) => page.match(/<script(?![^>]*\bsrc=)[^>]*>/g)?.length ?? 0;
    // No inline script beyond the shell's own (hashed in the CSP): React's reveal scripts would be blocked.
    expect(inlineScripts(html)).toBe(inlineScripts(login));

    const page = await (await newPhoneContext(browser())).newPage();
    const errors = trackPageErrors(page);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(`${baseUrl}/developers`);
    await page.getByRole('heading', { level: 1, name: 'Build on Shabaash' }).waitFor();
    // The bot socket: its hello and the example client (the text realtime/botSocket.test.ts runs).
    expect(await page.getByRole('region', { name: 'Example bot client' }).textContent()).toBe(
      BOT_SOCKET_EXAMPLE,
    );
    const rows = page.getByRole('region', { name: 'Endpoints' }).locator('tbody tr');
    // The creators' API: every endpoint but the operator console's (those are in the OpenAPI document only).
    const creatorApi = Object.values(endpoints).filter(
      (def) => def.auth !== 'operator' && !def.path.startsWith('/ops/'),
    );
    expect(await rows.count()).toBe(creatorApi.length);
    await page.waitForLoadState('networkidle');
    // static HTML until the visitor acts (no React), then it hydrates on the first key.
    const react = () =>
      page.evaluate(
        () =>
          performance.getEntriesByType('resource').filter((e) => /\/assets\/react-[^/]+\.js$/.test(e.name))
            .length,
      );
    expect(await react()).toBe(0);
    await page.keyboard.press('Tab');
    await expect.poll(react).toBe(1);
    await page.waitForLoadState('networkidle');
    const doc = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
    expect((doc as { openapi: string }).openapi).toBe('3.1.0');
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
