// Defects a new user hit in the web console (issue 30), in a real browser (Debian's chromium driven by
// playwright-core) against the real gateway and the built console. Without a browser it prints a line and skips.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelemetry, type Telemetry } from '../../src/platform/telemetry/sdk.js';
import { CONSOLE_DIST } from '../../src/transport/console-static.js';
import { englishContract } from '../fixtures/contracts.js';
import { startTestApp, type TestApp } from '../testkit/app.js';
import { makeCorruptPdf } from '../testkit/documents.js';

const BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasBrowser = existsSync(BROWSER);
if (!hasBrowser) console.log(`console defect browser tests skipped: no browser at ${BROWSER}`);
const SCREENSHOTS = join(process.cwd(), 'test-output', 'screenshots');
const WAIT = { timeout: 20_000 };

describe.skipIf(!hasBrowser)('console defects of issue 30, in a browser', { timeout: 90_000 }, () => {
  let app: TestApp;
  let context: BrowserContext;
  let profile: string;
  let origin: string;
  let axeSource: string;
  let folder: string;
  let telemetry: Telemetry;

  beforeAll(async () => {
    // The in-process trace buffer (process-global), started before the app: the SRE view lists traces.
    telemetry = startTelemetry({ serviceName: 'suanni-console-defects', bufferTraces: 200 });
    if (!existsSync(join(CONSOLE_DIST, 'index.html')))
      expect(spawnSync(process.execPath, ['scripts/build-console.mjs'], { stdio: 'inherit' }).status).toBe(0);
    axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await mkdir(SCREENSHOTS, { recursive: true });
    app = await startTestApp();
    origin = new URL(app.url).origin;
    folder = await mkdtemp(join(tmpdir(), 'suanni-console-defects-'));
    profile = await mkdtemp(join(tmpdir(), 'suanni-chromium-'));
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
    await telemetry?.shutdown();
    for (const dir of [profile, folder]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function openAs(token: string, path: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${origin}/console${path}`);
    await page.getByLabel('Access token (JWT)').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Views' }).waitFor(WAIT);
    return page;
  }

  async function seriousViolations(page: Page): Promise<string[]> {
    await page.evaluate(axeSource);
    const violations = (await page.evaluate(async () => {
      const axe = (globalThis as unknown as { axe: { run(context: unknown): Promise<{ violations: unknown[] }> } }).axe;
      return (await axe.run(document)).violations;
    })) as { id: string; impact: string | null }[];
    return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((v) => v.id);
  }

  it('a streamed turn shows its budget and the confirm buttons; the streaming choice survives a session switch', async () => {
    const page = await openAs(await app.token('stella'), '/conversations');
    for (const title of ['First chat', 'Second chat']) {
      await page.getByLabel('New session title').fill(title);
      await page.getByRole('button', { name: 'Start session' }).click();
      await page
        .getByRole('combobox', { name: 'Session' })
        .locator('option', { hasText: title })
        .waitFor({ state: 'attached', ...WAIT });
    }
    expect(await page.getByLabel('Stream the reply (replyTurn)').isChecked()).toBe(true);
    await page.getByLabel('Message').fill('My company is Zephyr Trading.');
    await page.getByRole('button', { name: 'Send' }).click();
    // Streamed, and still: the context budget and the proposed fact's confirm button.
    await page.getByText(/^Prompt tokens/).waitFor(WAIT);
    await page.getByRole('button', { name: 'Confirm company' }).click();
    await page.getByRole('list', { name: 'Facts used' }).getByText('business/company').waitFor(WAIT);
    expect(await page.locator('.chat-layout').innerText()).toContain('model: rules');
    expect(await page.locator('.chat-layout').innerText()).not.toContain('rules rules');
    await page.getByLabel('Message').fill('Where do I work?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText(/^1 fact, /).waitFor(WAIT);
    // Turned off, then another session: still off.
    await page.getByLabel('Stream the reply (replyTurn)').uncheck();
    await page.getByRole('combobox', { name: 'Session' }).selectOption({ label: 'First chat' });
    await page.getByRole('heading', { name: 'Chat' }).waitFor(WAIT);
    expect(await page.getByLabel('Stream the reply (replyTurn)').isChecked()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'conversations-streamed-turn.png'), fullPage: true });
    await page.close();
  });

  it('reviews: the upload label names PDF and DOCX, a missing review is NOT_FOUND without "Loading", a failed batch member is named', async () => {
    const page = await openAs(await app.token('uma'), '/reviews');
    expect(await page.locator('label', { hasText: 'Or upload files' }).innerText()).toContain(
      'Or upload files (PDF, DOCX, TXT, Markdown).',
    );
    await writeFile(join(folder, 'good-supply.txt'), englishContract({ payDays: 45, penalty: 10, notice: 15, years: 2 }));
    await writeFile(join(folder, 'broken-scan.pdf'), await makeCorruptPdf());
    await page.locator('input[type=file]').setInputFiles([join(folder, 'good-supply.txt'), join(folder, 'broken-scan.pdf')]);
    await page.getByRole('button', { name: 'Submit batch of 2' }).click();
    const failed = page.getByRole('list', { name: 'Failed files' });
    await failed.waitFor(WAIT);
    expect(await failed.innerText()).toContain('broken-scan.pdf');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'reviews-batch-failure.png'), fullPage: true });
    await page.goto(`${origin}/console/reviews/00000000-0000-4000-8000-000000000000`);
    await page
      .getByRole('alert')
      .getByText(/NOT_FOUND/)
      .waitFor(WAIT);
    expect(await page.getByText('Loading').count()).toBe(0);
    await page.close();
  });

  it('the audit log names its actors instead of 8-hex ids', async () => {
    const cora = await app.token('cora', { roles: ['COMPLIANCE'] });
    // An audited action of cora's (listing the tenant's users) before the log is read.
    expect((await app.gql('{ tenantUsers { id } }', {}, { token: cora })).errors).toBeUndefined();
    const page = await openAs(cora, '/compliance');
    const row = page.locator('tr.audit-entry').first();
    await row.waitFor(WAIT);
    await expect.poll(() => row.locator('td').nth(3).innerText(), WAIT).toBe('cora');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'compliance-audit-names.png'), fullPage: true });
    await page.close();
  });

  it('in development on the same machine, the sign-in page lists the demo users; one click signs in (none in tests)', async () => {
    const plain = await context.newPage();
    await plain.goto(`${origin}/console/`);
    await plain.getByLabel('Access token (JWT)').waitFor(WAIT);
    expect(await plain.getByRole('heading', { name: 'Demo users (development)' }).count()).toBe(0);
    await plain.close();
    const development = await startTestApp({ env: { NODE_ENV: 'development', SUANNI_DEMO_DATA: 'false' } });
    try {
      const page = await context.newPage();
      await page.goto(`${new URL(development.url).origin}/console/`);
      await page.getByRole('heading', { name: 'Demo users (development)' }).waitFor(WAIT);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS, 'sign-in-demo-users.png'), fullPage: true });
      await page.getByRole('button', { name: 'Sign in as carol (ADMIN, COMPLIANCE)' }).click();
      await page.getByRole('navigation', { name: 'Views' }).waitFor(WAIT);
      expect(await page.getByRole('navigation', { name: 'Views' }).getByRole('link').allInnerTexts()).toContain('Compliance');
      await page.close();
    } finally {
      await development.stop();
    }
  });

  it('a finished review shows its run: the graph drawn from its definition, and a node’s inputs and outputs', async () => {
    const owner = await app.token('rita');
    const submitted = await app.gql(
      'mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }',
      { input: { contractId: 'run-view', title: 'Run view', text: englishContract({ payDays: 90, penalty: 20, notice: 5, years: 3 }) } },
      { token: owner },
    );
    const id = submitted.data!.submitReview.id as string;
    let review: { status: string; riskLevel: string | null } = { status: 'PENDING', riskLevel: null };
    await expect
      .poll(async () => {
        review = (await app.gql('query ($id: ID!) { review(id: $id) { status riskLevel } }', { id }, { token: owner })).data!.review;
        return review.status;
      }, WAIT)
      .toBe('SUCCEEDED');
    const page = await openAs(owner, `/reviews/${id}`);
    const graph = page.getByRole('img', { name: 'Review graph: parse → retrieve → compliance → risk → report' });
    await graph.waitFor(WAIT);
    expect(await graph.locator('.run-node-done').count()).toBe(5);
    await page
      .getByRole('group', { name: 'Nodes' })
      .getByRole('button', { name: /^risk: done/ })
      .click();
    const table = page.getByRole('table', { name: 'Inputs and outputs of risk' });
    await table.waitFor(WAIT);
    expect(await table.getByRole('row', { name: /riskLevel/ }).innerText()).toContain(review.riskLevel!);
    expect(await table.getByRole('row', { name: /findings/ }).innerText()).toMatch(/^reads\s+findings\s+\d+ findings?$/);
    // A USER does not read traces: the view says where times and errors per node are.
    await page.getByText('Times and errors per node are in the trace (ADMIN, SRE).').waitFor(WAIT);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'review-run.png'), fullPage: true });
    await page.close();
  });

  it('an ADMIN publishes, finds and retracts a knowledge version; a USER gets no such controls', async () => {
    const page = await openAs(await app.token('kai', { roles: ['ADMIN'] }), '/knowledge');
    await page.getByRole('heading', { name: 'Publish a version (ADMIN)' }).waitFor(WAIT);
    await page.getByLabel('Knowledge id').fill('studio-payment-days');
    await page.getByLabel('Version', { exact: true }).fill('1.0');
    await page.getByLabel('Source').fill('policy:test/studio');
    await page.getByLabel('Valid from (UTC, optional)').fill('2020-01-01T00:00');
    await page.getByLabel('Content').fill('Payment within 30 days of invoice.');
    await page.getByRole('button', { name: 'Publish version' }).click();
    await page.getByRole('status').getByText('Published studio-payment-days v1.0.').waitFor(WAIT);
    const item = page.getByRole('region', { name: /^studio-payment-days/ });
    await item.getByText('v1.0 in force').waitFor(WAIT);
    // Searchable; and "as of" a time before its validity, nothing of it is in force (what a review would cite).
    await page.getByLabel('Search').fill('studio-pay');
    expect(await page.locator('section.card h2[id^="k-"]').count()).toBe(1);
    await page.getByLabel('As of (UTC)').fill('2019-06-01T00:00');
    await item.getByText('none in force').waitFor(WAIT);
    await page.getByLabel('As of (UTC)').fill('2025-06-01T00:00');
    await item.getByText('v1.0 in force').waitFor(WAIT);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'knowledge-admin.png'), fullPage: true });
    await item.getByRole('button', { name: 'Retract studio-payment-days v1.0' }).click();
    // Retracted: in force nowhere any more (the item leaves the list of what reviews would cite).
    await expect.poll(() => page.getByText('v1.0 in force').count(), WAIT).toBe(0);
    expect(
      (
        await app.gql(
          '{ knowledgeHistory(knowledgeId: "studio-payment-days") { retractedAt } }',
          {},
          { token: await app.token('kai', { roles: ['ADMIN'] }) },
        )
      ).data!.knowledgeHistory[0].retractedAt,
    ).not.toBeNull();
    await page.close();
    const user = await openAs(await app.token('ulla'), '/knowledge');
    await user.getByLabel('As of (UTC)').waitFor(WAIT);
    expect(await user.getByRole('heading', { name: 'Publish a version (ADMIN)' }).count()).toBe(0);
    expect(await user.getByRole('button', { name: /^Retract / }).count()).toBe(0);
    await user.close();
  });

  it('the SRE trace list hides the console’s own operations unless asked', async () => {
    const sam = await app.token('sam', { roles: ['SRE'] });
    expect((await app.gql('{ me { id } }', {}, { token: sam })).errors).toBeUndefined();
    const page = await openAs(sam, '/sre');
    const roots = () => page.getByRole('table').first().locator('tbody tr td:first-child').allInnerTexts();
    await expect.poll(roots, WAIT).toContain('query me');
    expect((await roots()).filter((root) => /Console/.test(root))).toEqual([]);
    await page.getByLabel('Show the console’s own operations').check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(async () => (await roots()).some((root) => /^query Console/.test(root)), WAIT).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
