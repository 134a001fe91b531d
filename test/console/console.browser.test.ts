// The web console in a real browser (Debian's chromium driven by playwright-core) against the real
// gateway and the built console. Without a browser the tests print a line and skip.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelemetry, type Telemetry } from '../../src/platform/telemetry/sdk.js';
import { defineNode } from '../../src/review/agent/contract.js';
import { riskNode } from '../../src/review/agent/nodes/risk.js';
import { CONSOLE_DIST } from '../../src/transport/console-static.js';
import { englishContract, REVIEW_KNOWLEDGE } from '../fixtures/contracts.js';
import { startTestApp, type TestApp } from '../testkit/app.js';
import { makeDocx, makeTextPdf } from '../testkit/documents.js';

const BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasBrowser = existsSync(BROWSER);
if (!hasBrowser) console.log(`console browser tests skipped: no browser at ${BROWSER} (apt-get install -y chromium, or set CHROMIUM_PATH)`);

const SCREENSHOTS = join(process.cwd(), 'test-output', 'screenshots');
const WAIT = { timeout: 15_000 };

/** While set, the risk node waits for it: a review the test holds mid-run to see live progress. */
let holdRisk: Promise<void> | null = null;
const gatedRisk = defineNode({
  ...riskNode,
  async run(input, deps, run) {
    if (holdRisk) await holdRisk;
    return riskNode.run(input, deps, run);
  },
});

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

// Generous per-test time: the suite runs these beside every other test file on two cores.
describe.skipIf(!hasBrowser)('web console in a browser', { timeout: 60_000 }, () => {
  let telemetry: Telemetry;
  let app: TestApp;
  let context: BrowserContext;
  let profile: string;
  let origin: string;
  let axeSource: string;
  const pageErrors: string[] = [];
  let reviewed: { id: string; traceId: string; evidence: string[] };

  beforeAll(async () => {
    if (!existsSync(join(CONSOLE_DIST, 'index.html'))) {
      const built = spawnSync(process.execPath, ['scripts/build-console.mjs'], { stdio: 'inherit' });
      expect(built.status).toBe(0);
    }
    axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await mkdir(SCREENSHOTS, { recursive: true });
    telemetry = startTelemetry({ serviceName: 'suanni-console-test', bufferTraces: 200 });
    app = await startTestApp({ testOverrides: { reviewNodes: { risk: gatedRisk } } });
    origin = new URL(app.url).origin;
    const admin = await app.token('carol', { roles: ['ADMIN', 'COMPLIANCE'] });
    for (const item of REVIEW_KNOWLEDGE) {
      const response = await app.gql(
        'mutation ($input: KnowledgeVersionInput!) { putKnowledgeVersion(input: $input) { id } }',
        { input: { kind: 'CLAUSE', source: `policy:test/${item.knowledgeId}`, ...item } },
        { token: admin },
      );
      expect(response.errors).toBeUndefined();
    }
    // A later version of one rule, withdrawn again: the knowledge view shows it retracted.
    const later = await app.gql(
      'mutation ($input: KnowledgeVersionInput!) { putKnowledgeVersion(input: $input) { id } }',
      {
        input: {
          ...REVIEW_KNOWLEDGE[0],
          kind: 'CLAUSE',
          source: 'policy:test/penalty-rate-cap',
          version: '1.3',
          validFrom: '2024-01-01T00:00:00Z',
          constraint: { ...REVIEW_KNOWLEDGE[0].constraint, value: 8 },
        },
      },
      { token: admin },
    );
    expect(later.errors).toBeUndefined();
    const retracted = await app.gql(
      'mutation { retractKnowledgeVersion(knowledgeId: "penalty-rate-cap", version: "1.3") { retractedAt } }',
      {},
      { token: admin },
    );
    expect(retracted.errors).toBeUndefined();
    profile = await mkdtemp(join(tmpdir(), 'suanni-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: BROWSER,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
      viewport: { width: 1280, height: 900 },
    });
  });

  afterAll(async () => {
    await context?.close();
    await app?.stop();
    await telemetry?.shutdown();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  /** A new tab signed in with the token, at a console path; page errors are collected. */
  async function openAs(token: string, path: string): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${path}: ${error.message}`));
    await page.goto(`${origin}/console${path}`);
    await page.getByLabel('Access token (JWT)').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Views' }).waitFor(WAIT);
    return page;
  }

  async function screenshot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  /** axe-core in the page (evaluated over the DevTools protocol, so the page's CSP stays on). */
  async function seriousViolations(page: Page): Promise<string[]> {
    await page.evaluate(axeSource);
    const violations = (await page.evaluate(async () => {
      const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: unknown[] }> } }).axe;
      return (await axe.run(document, { resultTypes: ['violations'] })).violations;
    })) as AxeViolation[];
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  }

  async function navLabels(page: Page): Promise<string[]> {
    return page.getByRole('navigation', { name: 'Views' }).getByRole('link').allInnerTexts();
  }

  it('a user pastes a contract, watches it reach SUCCEEDED and sees the findings’ evidence highlighted', async () => {
    const alice = await app.token('alice');
    const page = await openAs(alice, '/reviews');
    expect(await seriousViolations(page)).toEqual([]);
    const text = englishContract({ payDays: 45, penalty: 10, notice: 15, years: 2 });
    await page.getByLabel('Title').fill('Supply agreement (browser)');
    await page.getByLabel('Contract id').fill('browser-1');
    await page.getByLabel('Contract text').fill(text);
    let release!: () => void;
    holdRisk = new Promise((resolve) => (release = resolve));
    await page.getByRole('button', { name: 'Submit review' }).click();
    await page.waitForURL(/\/console\/reviews\/[0-9a-f-]{36}$/, WAIT);
    const id = page.url().split('/').pop()!;
    // Held in the risk node: the nodes before it are shown done, risk running, from reviewProgress.
    const steps = page.getByRole('region', { name: 'Live progress' }).locator('.step');
    await steps.filter({ hasText: 'risk' }).filter({ hasText: 'running' }).waitFor(WAIT);
    expect(await steps.allInnerTexts()).toEqual([
      expect.stringMatching(/^parse done/),
      expect.stringMatching(/^retrieve done/),
      expect.stringMatching(/^compliance done/),
      'risk running',
    ]);
    await page.locator('.facts-grid .badge', { hasText: 'RUNNING' }).waitFor(WAIT);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'review-progress');
    holdRisk = null;
    release();
    // The page loaded the review once; it reaches SUCCEEDED through the progress subscription.
    await page.locator('.facts-grid .badge', { hasText: 'SUCCEEDED' }).waitFor(WAIT);
    await page.locator('mark.evidence').first().waitFor(WAIT);

    const api = await app.gql(
      'query ($id: ID!) { review(id: $id) { traceId findings { knowledgeId version evidence { start end } } } }',
      { id },
      { token: alice },
    );
    const findings = api.data!.review.findings as {
      knowledgeId: string;
      version: string;
      evidence: { start: number; end: number } | null;
    }[];
    const evidence = [...new Set(findings.flatMap((f) => (f.evidence ? [text.slice(f.evidence.start, f.evidence.end)] : [])))].sort();
    expect(evidence.length).toBeGreaterThan(0);
    // Non-overlapping evidence here: each marked run is exactly one finding's evidence.
    expect([...new Set(await page.locator('mark.evidence').allInnerTexts())].sort()).toEqual(evidence);
    await expect.poll(() => page.locator('.findings > li').count()).toBe(findings.length);
    // The cited version with its validity window (the fixture's items start 2020-01-01, open-ended).
    const first = findings[0]!;
    await expect
      .poll(() => page.locator('.findings').innerText(), WAIT)
      .toContain(`Cites ${first.knowledgeId} v${first.version}, valid 2020-01-01 00:00:00Z to open-ended`);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'review-result');
    reviewed = { id, traceId: api.data!.review.traceId, evidence };

    await page.getByRole('button', { name: 'Replay' }).click();
    await page.getByText('Identical to the original result.').waitFor(WAIT);

    await page.getByRole('link', { name: 'Reviews', exact: true }).click();
    await page.getByRole('link', { name: 'Supply agreement (browser)' }).waitFor(WAIT);
    await screenshot(page, 'reviews');
    await page.close();
  });

  it('a user cancels a running review and sees it end CANCELLED', async () => {
    const alice = await app.token('alice');
    const page = await openAs(alice, '/reviews');
    await page.getByLabel('Title').fill('To be cancelled');
    await page.getByLabel('Contract id').fill('browser-cancel');
    await page.getByLabel('Contract text').fill(englishContract({ payDays: 30, penalty: 4, notice: 20, years: 1 }));
    let release!: () => void;
    holdRisk = new Promise((resolve) => (release = resolve));
    await page.getByRole('button', { name: 'Submit review' }).click();
    await page.waitForURL(/\/console\/reviews\/[0-9a-f-]{36}$/, WAIT);
    await page
      .getByRole('region', { name: 'Live progress' })
      .locator('.step')
      .filter({ hasText: 'risk' })
      .filter({ hasText: 'running' })
      .waitFor(WAIT);
    // The risk node is released only once the gateway has answered the cancellation: released
    // earlier, the review can finish before the cancellation reaches it (a CI run saw SUCCEEDED).
    const cancelled = page.waitForResponse(async (response) => (await response.text().catch(() => '')).includes('"cancelReview"'), WAIT);
    await page.getByRole('button', { name: 'Cancel review' }).click();
    await cancelled;
    holdRisk = null;
    release();
    // Running, it stops at the next node boundary.
    await page.locator('.facts-grid .badge', { hasText: 'CANCELLED' }).waitFor(WAIT);
    expect(await page.getByRole('button', { name: 'Cancel review' }).count()).toBe(0);
    await page.close();
  });

  for (const kind of ['pdf', 'docx'] as const) {
    it(`a user uploads a contract as ${kind.toUpperCase()}, watches it reach SUCCEEDED and sees the evidence highlighted in the extracted text`, async () => {
      const alice = await app.token('alice');
      const page = await openAs(alice, '/reviews');
      const contract = englishContract({ payDays: 50, penalty: 11, notice: 12, years: 2 });
      const bytes = kind === 'pdf' ? await makeTextPdf(contract) : await makeDocx(contract);
      const mimeType = kind === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
      await page.getByLabel(/^Or upload files/).setInputFiles([{ name: `supply.${kind}`, mimeType, buffer: Buffer.from(bytes) }]);
      await page.getByRole('button', { name: 'Submit review' }).click();
      await page.waitForURL(/\/console\/reviews\/[0-9a-f-]{36}$/, WAIT);
      const id = page.url().split('/').pop()!;
      await page.locator('.facts-grid .badge', { hasText: 'SUCCEEDED' }).waitFor(WAIT);
      await page.locator('mark.evidence').first().waitFor(WAIT);
      // The evidence indexes the text the gateway extracted from the file, which the review keeps.
      const api = await app.gql(
        'query ($id: ID!) { review(id: $id) { text findings { evidence { start end } } } }',
        { id },
        { token: alice },
      );
      const review = api.data!.review as { text: string; findings: { evidence: { start: number; end: number } | null }[] };
      expect(review.text).toContain('liquidated damages');
      const evidence = [
        ...new Set(review.findings.flatMap((f) => (f.evidence ? [review.text.slice(f.evidence.start, f.evidence.end)] : []))),
      ].sort();
      expect(evidence.length).toBeGreaterThan(0);
      expect([...new Set(await page.locator('mark.evidence').allInnerTexts())].sort()).toEqual(evidence);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `review-upload-${kind}`);
      await page.close();
    });
  }

  it('a user uploads two text files as a batch and follows its progress', async () => {
    const alice = await app.token('alice');
    const page = await openAs(alice, '/reviews');
    const upload = page.getByLabel(/^Or upload files/);
    // A file the gateway cannot read is refused by the server (BAD_USER_INPUT), with the file named.
    await upload.setInputFiles([{ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') }]);
    await page.getByRole('button', { name: 'Submit review' }).click();
    await page.getByRole('alert').getByText('scan.pdf').waitFor(WAIT);
    await upload.setInputFiles([
      {
        name: 'batch-a.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(englishContract({ payDays: 20, penalty: 3, notice: 45, years: 5 })),
      },
      {
        name: 'batch-b.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(englishContract({ payDays: 60, penalty: 12, notice: 10, years: 1 })),
      },
    ]);
    await page.getByRole('button', { name: 'Submit batch of 2' }).click();
    await page.getByText('2 of 2 done: 2 succeeded, 0 failed').waitFor(WAIT);
    await page.getByRole('link', { name: 'batch-b' }).waitFor(WAIT);
    expect(await upload.inputValue()).toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'reviews-batch');
    await page.close();
  });

  it('a user sees knowledge versions on a time axis and chats with memory beside the reply', async () => {
    const alice = await app.token('alice');
    const page = await openAs(alice, '/knowledge');
    await page.locator('svg.timeline').first().waitFor(WAIT);
    const penalty = page.getByRole('region', { name: /^penalty-rate-cap/ });
    // 1.3 was retracted, so a review now uses 1.2; the retraction is on the axis and in the table.
    expect(await penalty.getByRole('heading').innerText()).toBe('penalty-rate-cap v1.2 in force');
    expect(await penalty.locator('svg.timeline .retracted-mark').count()).toBe(1);
    expect(await penalty.locator('tbody tr').first().locator('td').nth(4).innerText()).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'knowledge');
    // Before any rule was valid, nothing is in force.
    await page.getByLabel('As of (UTC)').fill('2019-06-01T00:00');
    await penalty.getByText('none in force').waitFor(WAIT);

    await page.getByRole('link', { name: 'Conversations' }).click();
    await page.getByLabel('New session title').fill('Browser chat');
    await page.getByRole('button', { name: 'Start session' }).click();
    await page
      .getByRole('combobox', { name: 'Session' })
      .locator('option', { hasText: 'Browser chat' })
      .waitFor({ state: 'attached', ...WAIT });
    // Streamed (replyStream over graphql-ws): the reply lands in the thread.
    await page.getByLabel('Message').fill('Hello, what can you do?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.message-assistant').first().waitFor(WAIT);
    await page.getByRole('button', { name: 'Send' }).waitFor(WAIT);
    // Not streamed: the turn's context budget and proposed facts come with sendMessage.
    await page.getByLabel('Stream the reply (replyTurn)').uncheck();
    await page.getByLabel('Message').fill('My company is Zephyr Trading and I prefer short answers.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText(/^Prompt tokens/).waitFor(WAIT);
    await expect.poll(() => page.locator('.message-assistant').count(), WAIT).toBe(2);
    await page.getByRole('button', { name: 'Confirm company' }).click();
    await page.getByRole('list', { name: 'Facts used' }).getByText('business/company: "Zephyr Trading" v1, confirmed').waitFor(WAIT);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'conversations');
    await page.close();
  });

  it('an SRE opens that review’s trace waterfall; the SRE sees no compliance view', async () => {
    const sam = await app.token('sam', { roles: ['SRE'] });
    const page = await openAs(sam, `/sre?reviewId=${reviewed.id}`);
    expect(await navLabels(page)).toEqual(['Reviews', 'Knowledge', 'Conversations', 'SRE']);
    await page.locator('figure.chart').first().waitFor(WAIT);
    const link = page.locator(`a[href="/console/sre/traces/${reviewed.traceId}"]`);
    await link.waitFor(WAIT);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sre');
    await link.click();
    await page.locator('.waterfall-row').first().waitFor(WAIT);
    const rows = await page.locator('.waterfall-row .waterfall-name').allInnerTexts();
    expect(rows).toEqual(expect.arrayContaining([expect.stringContaining('review.node')]));
    // By keyboard: a waterfall row is a button.
    await page.locator('.waterfall-row', { hasText: 'review.node.parse' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'review.node.parse' }).waitFor(WAIT);
    await page.getByRole('table', { name: 'Attributes' }).getByRole('rowheader', { name: 'suanni.node.name' }).waitFor(WAIT);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'trace-waterfall');
    await page.close();
  });

  it('a compliance user erases a user, follows the steps and sees the verification report', async () => {
    const bob = await app.token('bob');
    const bobMe = await app.gql('mutation { createSession(title: "to be erased") { owner { id } } }', {}, { token: bob });
    const bobId = bobMe.data!.createSession.owner.id as string;
    const officer = await app.token('olivia', { roles: ['COMPLIANCE'] });
    const page = await openAs(officer, '/compliance');
    expect(await navLabels(page)).toEqual(['Reviews', 'Knowledge', 'Conversations', 'Compliance']);
    await page.getByLabel('User id').fill(bobId);
    await page.getByRole('button', { name: 'Start erasure' }).click();
    await page.getByRole('button', { name: 'Erase now' }).click();
    await page.getByText('Verified: every store counts zero').waitFor(WAIT);
    const report = await page.locator('.report table tbody tr td:nth-child(2)').allInnerTexts();
    expect(report.length).toBeGreaterThan(0);
    expect(new Set(report)).toEqual(new Set(['0']));
    await page.locator('tbody .badge', { hasText: 'COMPLETED' }).first().waitFor(WAIT);
    // The audit log shows the request, re-read after the job: the subject appears by keyed hash only.
    // The action cell exactly: ERASURE_REQUESTS_LIST (the officer's own audited read of the jobs) also contains the name.
    const requested = page.locator('tr.audit-entry').filter({ has: page.locator('td', { hasText: /^ERASURE_REQUEST$/ }) });
    await requested.first().waitFor(WAIT);
    expect(await requested.first().innerText()).toContain('SUCCESS');
    const subjectTitles = await requested
      .first()
      .locator('td:last-child code')
      .evaluateAll((codes) => codes.map((code) => code.getAttribute('title')));
    expect(subjectTitles).not.toContain(bobId);
    expect(subjectTitles[0]).toMatch(/^[0-9a-f]{64}$/);
    await page.getByLabel('Outcome').selectOption('DENIED');
    await page
      .locator('tr.audit-entry', { hasText: 'SUCCESS' })
      .first()
      .waitFor({ ...WAIT, state: 'detached' });
    for (const row of await page.locator('tr.audit-entry').allInnerTexts()) expect(row).toContain('DENIED');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'compliance');
    await page.close();
  });

  it('a REVIEWER finds a review in the queue, confirms one finding and rejects another; its owner sees no buttons', async () => {
    const admin = await app.token('carol', { roles: ['ADMIN', 'COMPLIANCE'] });
    const set = await app.gql('mutation { setTenantReviewSettings(input: { reviewThreshold: 0.99 }) { custom } }', {}, { token: admin });
    expect(set.errors).toBeUndefined();
    const alice = await app.token('alice');
    const submitted = await app.gql(
      'mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }',
      { input: { contractId: 'to-judge', title: 'To judge', text: englishContract({ payDays: 45, penalty: 10, notice: 15, years: 2 }) } },
      { token: alice },
    );
    const id = submitted.data!.submitReview.id as string;
    await app.deps.services.reviews.idle();

    const owner = await openAs(alice, `/reviews/${id}`);
    await owner.locator('.findings > li').first().waitFor(WAIT);
    expect(await owner.locator('.findings').innerText()).toContain('Needs review');
    expect(await owner.getByRole('button', { name: 'Confirm' }).count()).toBe(0);
    await owner.close();

    const rita = await app.token('rita', { roles: ['REVIEWER'] });
    const page = await openAs(rita, '/reviews');
    await page.getByRole('heading', { name: 'Needs review' }).waitFor(WAIT);
    await page.getByRole('link', { name: 'To judge' }).click();
    const findings = page.locator('.findings > li');
    await findings.first().getByRole('button', { name: 'Confirm' }).waitFor(WAIT);
    const total = await findings.count();
    expect(total).toBeGreaterThan(1);
    await findings.nth(0).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Confirm' }).count(), WAIT).toBe(total - 1);
    const second = findings.nth(1);
    expect(await second.getByRole('button', { name: 'Reject' }).isDisabled()).toBe(true);
    await second.getByLabel('Reason').fill('The rule does not apply to this supplier.');
    await second.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Confirm' }).count(), WAIT).toBe(total - 2);
    const text = await page.locator('.findings').innerText();
    expect(text).toContain('confirmed');
    expect(text).toContain('rejected');
    expect(text).toContain('The rule does not apply to this supplier.');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'review-decisions');
    await page.close();
    const stored = await app.db.findingDecision.findMany({ where: { reviewId: id } });
    expect(stored.map((decision) => decision.verdict).sort()).toEqual(['CONFIRMED', 'REJECTED']);
  });

  it('a USER sees neither the SRE nor the compliance view', async () => {
    const alice = await app.token('alice');
    const page = await openAs(alice, '/sre');
    expect(await navLabels(page)).toEqual(['Reviews', 'Knowledge', 'Conversations']);
    // The first Tab reaches the skip link, which moves focus to the content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.getByRole('heading', { name: 'Not found' }).waitFor(WAIT);
    await page.goto(`${origin}/console/compliance`);
    await page.getByRole('heading', { name: 'Not found' }).waitFor(WAIT);
    expect(await page.locator('figure.chart, .waterfall, #start-erasure-heading').count()).toBe(0);
    await page.close();
  });

  it('the sign-in page is accessible and no page threw an error', async () => {
    const page = await context.newPage();
    await page.goto(`${origin}/console/`);
    await page.getByLabel('Access token (JWT)').fill('not-a-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').getByText('UNAUTHENTICATED:').waitFor(WAIT);
    expect(await page.getByRole('navigation', { name: 'Views' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sign-in');
    // The check can fail: an unlabelled field is reported.
    await page.evaluate(() => document.querySelector('form')!.append(document.createElement('input')));
    expect((await seriousViolations(page)).join('\n')).toMatch(/^label \(critical\)/m);
    await page.close();
    expect(pageErrors).toEqual([]);
  });

  it('GraphiQL renders and runs { me { id } } with no request leaving the machine', async (test) => {
    const page = await context.newPage();
    const outside: string[] = [];
    const token = await app.token('alice');
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
        outside.push(url.href);
        await route.abort();
        return;
      }
      if (url.pathname === '/graphql' && route.request().method() === 'POST') {
        await route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${token}` } });
        return;
      }
      await route.continue();
    });
    await page.goto(`${origin}/graphql?query=${encodeURIComponent('{ me { id } }')}`);
    const html = await page.content();
    if (outside.length > 0 || /unpkg\.com|cdn\.jsdelivr|esm\.sh/.test(html)) {
      console.log(`GraphiQL test skipped: this GraphiQL page loads from a CDN (${outside[0] ?? 'script tags'})`);
      await page.close();
      test.skip();
      return;
    }
    const me = await app.gql('{ me { id } }', {}, { token });
    const answered = page.waitForResponse(
      (response) =>
        response.url().endsWith('/graphql') &&
        response.request().method() === 'POST' &&
        /me\s*\{\s*id/.test(response.request().postData() ?? ''),
      WAIT,
    );
    await page.locator('.graphiql-execute-button, button[aria-label^="Execute"]').first().click(WAIT);
    await answered;
    await expect.poll(() => page.locator('body').innerText(), WAIT).toContain(me.data!.me.id);
    await screenshot(page, 'graphiql');
    expect(outside).toEqual([]);
    await page.close();
  });
});
