// GraphiQL's demo-user picker in a real browser (Debian's chromium driven by playwright-core) against
// the real gateway in development. Without a browser the test prints a line and skips.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testkit/app.js';

const BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasBrowser = existsSync(BROWSER);
if (!hasBrowser) console.log(`GraphiQL browser test skipped: no browser at ${BROWSER}`);
const SCREENSHOTS = join(process.cwd(), 'test-output', 'screenshots');
const WAIT = { timeout: 20_000 };

describe.skipIf(!hasBrowser)('GraphiQL demo-user picker in a browser', { timeout: 90_000 }, () => {
  let app: TestApp;
  let context: BrowserContext;
  let profile: string;

  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    app = await startTestApp({ env: { NODE_ENV: 'development', SUANNI_DEMO_DATA: 'false' } });
    profile = await mkdtemp(join(tmpdir(), 'suanni-graphiql-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: BROWSER,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      viewport: { width: 1280, height: 900 },
    });
  });
  afterAll(async () => {
    await context?.close();
    await app?.stop();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  it('choosing carol and "Use token" keeps a runnable query, runs as carol, and the picker shows carol', async () => {
    const page = await context.newPage();
    await page.goto(app.url);
    await page.locator('.graphiql-execute-button').first().waitFor(WAIT);
    // A first visit stores GraphiQL's tabs; the picker's reload then restores them (the case that broke).
    await page.locator('.graphiql-execute-button').first().click();
    await expect.poll(() => page.locator('.result-window').innerText(), WAIT).toContain('UNAUTHENTICATED');
    await page.getByLabel('Demo user (development)').selectOption('carol');
    await Promise.all([page.waitForURL(/\?as=carol$/, WAIT), page.getByRole('button', { name: 'Use token' }).click()]);
    await page.locator('.graphiql-execute-button').first().waitFor(WAIT);
    expect(await page.getByLabel('Demo user (development)').inputValue()).toBe('carol');
    await page.locator('.graphiql-execute-button').first().click();
    await expect.poll(() => page.locator('.result-window').innerText(), WAIT).toMatch(/"subject":\s*"carol"/);
    const result = await page.locator('.result-window').innerText();
    expect(result).not.toContain('Syntax Error');
    expect(result).not.toContain('UNAUTHENTICATED');
    await page.screenshot({ path: join(SCREENSHOTS, 'graphiql-demo-user.png') });
    await page.close();
  });
});
