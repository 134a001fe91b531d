import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyReviewNode, defineNode } from '../../src/review/agent/contract.js';
import { parseNode } from '../../src/review/agent/nodes/parse.js';
import { englishContract } from '../fixtures/contracts.js';
import { collect, startTestApp, type TestApp } from '../testkit/app.js';

const SUBMIT = `mutation ($input: ReviewInput!) { submitReview(input: $input) { id status } }`;
const SUBMIT_BATCH = 'mutation ($inputs: [ReviewInput!]!) { submitReviewBatch(inputs: $inputs) { id } }';
const REVIEW = `query ($id: ID!) { review(id: $id) { id status findings { clause } error { code } } }`;
const PROGRESS = `subscription ($id: ID!) { reviewProgress(reviewId: $id) { sequence kind node status } }`;
const text = (marker = '') => `${englishContract({ payDays: 30, penalty: 5, notice: 30, years: 3 })}\n${marker}`;

/** A parse node that waits at a gate for contracts carrying ##GATE:<name>##, so that a test decides when they go on. */
function gatedParse() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const entered: string[] = [];
  const node = defineNode({
    ...parseNode,
    async run(input, deps, run) {
      // The node reads only the text (its contract), so the marker names the review it holds.
      const gated = /##GATE:([\w-]+)##/.exec(input.text);
      if (gated) {
        entered.push(gated[1]!);
        await gate;
      }
      return parseNode.run(input, deps, run);
    },
  });
  return { node, open: () => open(), entered };
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never came true: ${check.toString()}`);
}

describe('review jobs: cancellation and fairness (one worker slot)', () => {
  let app: TestApp;
  let gate: ReturnType<typeof gatedParse>;
  let alice: string;

  beforeAll(async () => {
    gate = gatedParse();
    app = await startTestApp({ testOverrides: { reviewNodes: { parse: gate.node } }, env: { SUANNI_REVIEW_CONCURRENCY: '1' } });
    alice = await app.token('alice');
  });
  afterAll(() => app.stop());

  const submit = async (contractId: string, body: string, token = alice) => {
    const response = await app.gql(SUBMIT, { input: { contractId, title: contractId, text: body } }, { token });
    expect(response.errors).toBeUndefined();
    return response.data!.submitReview.id as string;
  };
  const review = async (id: string, token = alice) => (await app.gql(REVIEW, { id }, { token })).data!.review;

  it('cancels a queued review (it never runs) and a running one (it stops at the next node), each with a CANCELLED event; nobody else may cancel', async () => {
    const running = await submit('running', text('##GATE:running##'));
    await until(() => gate.entered.includes('running'));
    const queued = await submit('queued', text());

    const bob = await app.token('bob');
    const denied = await app.gql('mutation ($id: ID!) { cancelReview(id: $id) { status } }', { id: queued }, { token: bob });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const client = app.ws({ authorization: `Bearer ${alice}` });
    const queuedEvents = collect(client, PROGRESS, { id: queued }, 2);
    const cancelledQueued = await app.gql('mutation ($id: ID!) { cancelReview(id: $id) { status } }', { id: queued }, { token: alice });
    expect(cancelledQueued.data!.cancelReview.status).toBe('CANCELLED');
    expect((await queuedEvents).results.map((result: any) => [result.data.reviewProgress.kind, result.data.reviewProgress.status])).toEqual(
      [
        ['QUEUED', 'QUEUED'],
        ['STATUS', 'CANCELLED'],
      ],
    );

    const cancelledRunning = await app.gql('mutation ($id: ID!) { cancelReview(id: $id) { status } }', { id: running }, { token: alice });
    expect(cancelledRunning.data!.cancelReview.status).toBe('CANCELLED');
    gate.open();
    await app.deps.services.reviews.idle();

    expect(await review(running)).toMatchObject({ status: 'CANCELLED', findings: [], error: null });
    expect(await review(queued)).toMatchObject({ status: 'CANCELLED', findings: [] });
    // The running one stopped at the node after parse; the queued one never started a node.
    const runningNodes = (await app.deps.services.reviews.progress.history(running))
      .filter((event) => event.kind === 'NODE_STARTED')
      .map((event) => event.node);
    expect(runningNodes).toEqual(['parse']);
    expect((await app.deps.services.reviews.progress.history(queued)).some((event) => event.kind === 'NODE_STARTED')).toBe(false);
    // Cancelling a finished review changes nothing.
    const again = await app.gql('mutation ($id: ID!) { cancelReview(id: $id) { status } }', { id: running }, { token: alice });
    expect(again.data!.cancelReview.status).toBe('CANCELLED');
    await client.dispose();
  });

  it('cancels every unfinished review of a batch; the batch counts them', async () => {
    const finished = await submit('done-first', text());
    await app.deps.services.reviews.idle();
    expect((await review(finished)).status).toBe('SUCCEEDED');
    const bob = await app.token('bob');
    const batch = await app.gql(
      SUBMIT_BATCH,
      { inputs: Array.from({ length: 5 }, (_, i) => ({ contractId: `b-${i}`, title: `b-${i}`, text: text() })) },
      { token: bob },
    );
    const batchId = batch.data!.submitReviewBatch.id as string;
    const denied = await app.gql('mutation ($id: ID!) { cancelReviewBatch(id: $id) { id } }', { id: batchId }, { token: alice });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const cancelled = await app.gql('mutation ($id: ID!) { cancelReviewBatch(id: $id) { id } }', { id: batchId }, { token: bob });
    expect(cancelled.errors).toBeUndefined();
    await app.deps.services.reviews.idle();
    const counts = await app.gql(
      'query ($id: ID!) { reviewBatch(id: $id) { succeeded failed cancelled running } }',
      { id: batchId },
      { token: bob },
    );
    const { succeeded, cancelled: cancelledCount, failed, running } = counts.data!.reviewBatch;
    expect(failed + running).toBe(0);
    expect(succeeded + cancelledCount).toBe(5);
    expect(cancelledCount).toBeGreaterThan(0);
  });

  it('a single review runs ahead of batch members queued before it', async () => {
    const second = gatedParse();
    const fair = await startTestApp({ testOverrides: { reviewNodes: { parse: second.node } }, env: { SUANNI_REVIEW_CONCURRENCY: '1' } });
    try {
      const carol = await fair.token('carol');
      const dave = await fair.token('dave');
      const batch = await fair.gql(
        SUBMIT_BATCH,
        {
          inputs: Array.from({ length: 8 }, (_, i) => ({
            contractId: `m-${i}`,
            title: `m-${i}`,
            text: text(i === 0 ? '##GATE:m-0##' : ''),
          })),
        },
        { token: carol },
      );
      const batchId = batch.data!.submitReviewBatch.id as string;
      await until(() => second.entered.includes('m-0'));
      const single = await fair.gql(SUBMIT, { input: { contractId: 'single', title: 'single', text: text() } }, { token: dave });
      second.open();
      await fair.deps.services.reviews.idle();
      const rows = await fair.db.review.findMany({
        where: { OR: [{ batchId }, { id: single.data!.submitReview.id }] },
        orderBy: { startedAt: 'asc' },
        select: { contractId: true, status: true },
      });
      expect(rows.every((row) => row.status === 'SUCCEEDED')).toBe(true);
      // m-0 held the only slot; the single review was next, then the batch in order.
      expect(rows.map((row) => row.contractId)).toEqual(['m-0', 'single', 'm-1', 'm-2', 'm-3', 'm-4', 'm-5', 'm-6', 'm-7']);
    } finally {
      await fair.stop();
    }
  });
});

describe('review jobs: slots kept for single reviews', () => {
  it('a single review runs while another tenant’s batch holds every slot it may (batch members never take the kept slot)', async () => {
    const gate = gatedParse();
    // Four slots: one is kept for single reviews (SUANNI_REVIEW_RESERVED_SLOTS defaults to an eighth, at least one), so the batch holds three.
    const app = await startTestApp({ testOverrides: { reviewNodes: { parse: gate.node } }, env: { SUANNI_REVIEW_CONCURRENCY: '4' } });
    try {
      const carol = await app.token('carol');
      const dave = await app.token('dave', { tenant: 'other-tenant' });
      const batch = await app.gql(
        SUBMIT_BATCH,
        {
          inputs: Array.from({ length: 8 }, (_, i) => ({ contractId: `held-${i}`, title: `held-${i}`, text: text(`##GATE:held-${i}##`) })),
        },
        { token: carol },
      );
      const batchId = batch.data!.submitReviewBatch.id as string;
      await until(() => gate.entered.length === 3);
      const single = await app.gql(SUBMIT, { input: { contractId: 'lone', title: 'lone', text: text() } }, { token: dave });
      const id = single.data!.submitReview.id as string;
      await until(async () => (await app.gql(REVIEW, { id }, { token: dave })).data!.review.status === 'SUCCEEDED');
      // The lone review finished while every batch member that started was still held at its gate.
      expect((await app.gql(REVIEW, { id }, { token: dave })).data!.review.status).toBe('SUCCEEDED');
      expect([...gate.entered].sort()).toEqual(['held-0', 'held-1', 'held-2']);
      gate.open();
      await app.deps.services.reviews.idle();
      expect(await app.db.review.count({ where: { batchId, status: 'SUCCEEDED' } })).toBe(8);
    } finally {
      await app.stop();
    }
  }, 60_000);
});

describe('review jobs: transient failures', () => {
  it('a review whose database stays away past every retry is FAILED with RETRIES_EXHAUSTED after each job attempt ran', async () => {
    let calls = 0;
    const flaky: AnyReviewNode = {
      ...parseNode,
      async run() {
        calls += 1;
        throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      },
    };
    const app = await startTestApp({
      testOverrides: { reviewNodes: { parse: flaky } },
      env: { SUANNI_JOB_RETRY_LIMIT: '1', SUANNI_JOB_RETRY_DELAY_SECONDS: '0', SUANNI_JOB_POLL_SECONDS: '0.5' },
    });
    try {
      const token = await app.token('erin');
      const submitted = await app.gql(SUBMIT, { input: { contractId: 'flaky', title: 'flaky', text: text() } }, { token });
      const id = submitted.data!.submitReview.id as string;
      await app.deps.services.reviews.idle();
      const failed = (await app.gql(REVIEW, { id }, { token })).data!.review;
      expect(failed).toMatchObject({ status: 'FAILED', error: { code: 'RETRIES_EXHAUSTED' } });
      // Two job attempts (retry limit 1), each with the six in-process attempts of DEFAULT_RETRY.
      expect(calls).toBe(12);
    } finally {
      await app.stop();
    }
  }, 60_000);
});
