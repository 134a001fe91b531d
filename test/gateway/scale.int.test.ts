import { FAULT_VARIABLES } from '../testkit/fault-environment.js';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishContract } from '../fixtures/contracts.js';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import {
  clusterEnvironment,
  createSystemDatabase,
  gqlAt,
  postgresReachable,
  redisReachable,
  spawnSuanni,
  SYSTEM_REDIS,
  tokenFor,
  waitFor,
  type SuanniProcess,
} from '../testkit/processes.js';

// The cluster always uses the system PostgreSQL, whichever server the rest of the suite runs on, so
// CI runs these once (its later passes set SUANNI_MULTIPROCESS_TESTS=off).
const wanted = process.env.SUANNI_MULTIPROCESS_TESTS !== 'off';
if (!wanted) process.stdout.write('SKIP scale.int.test.ts: SUANNI_MULTIPROCESS_TESTS=off (run once per CI run)\n');
const reachable = wanted && (await postgresReachable());
if (wanted && !reachable)
  process.stdout.write('SKIP scale.int.test.ts: no PostgreSQL at 127.0.0.1:5432 (the multi-process tests need the system server)\n');

const redisUp = reachable && (await redisReachable());
if (reachable && !redisUp) process.stdout.write('SKIP scale.int.test.ts (Redis part): no Redis at 127.0.0.1:6379\n');

const SUBMIT_BATCH = 'mutation ($inputs: [ReviewInput!]!) { submitReviewBatch(inputs: $inputs) { id total } }';

/**
 * Two gateways and two workers on one database (and, when it is there, one Redis): durable review
 * jobs survive a worker killed by SIGKILL, a worker drained by SIGTERM and a gateway restarting;
 * with Redis, events, the replay log, erasure and chat threads are shared by every process.
 */
describe.skipIf(!reachable)('many gateways and workers', () => {
  let database: Awaited<ReturnType<typeof createSystemDatabase>>;
  let env: Record<string, string>;
  let sql: pg.Client;
  const processes: SuanniProcess[] = [];
  let gatewayA: SuanniProcess;
  let gatewayB: SuanniProcess;
  let workerOne: SuanniProcess;
  let workerTwo: SuanniProcess;
  const spawnRole = async (role: 'gateway' | 'worker', extra: Record<string, string> = {}) => {
    const started = await spawnSuanni(role, { ...env, ...extra });
    processes.push(started);
    return started;
  };
  const statusCounts = async (batchId: string) => {
    const { rows } = await sql.query<{ status: string; error_code: string | null; count: string }>(
      'SELECT status, "errorCode" AS error_code, count(*) FROM "Review" WHERE "batchId" = $1 GROUP BY 1, 2',
      [batchId],
    );
    return Object.fromEntries(rows.map((row) => [`${row.status}${row.error_code ? `:${row.error_code}` : ''}`, Number(row.count)]));
  };

  beforeAll(async () => {
    database = await createSystemDatabase();
    env = clusterEnvironment(database.url, redisUp ? { REDIS_URL: SYSTEM_REDIS } : {});
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    [gatewayA, gatewayB, workerOne, workerTwo] = await Promise.all([
      spawnRole('gateway'),
      spawnRole('gateway'),
      spawnRole('worker'),
      spawnRole('worker'),
    ]);
    // Four processes transpiling at once on a 2-core machine shared with others.
  }, 300_000);

  afterAll(async () => {
    for (const started of processes)
      if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGKILL');
    await sql?.end();
    await database?.drop();
  });

  it.skipIf(!redisUp)(
    'a subscriber on gateway A sees every progress event, in order, of a review submitted on gateway B and run by a worker',
    async () => {
      const token = await tokenFor(env, 'alice', 'acme');
      const submitted = await gqlAt(gatewayB.url, token, 'mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }', {
        input: { contractId: 'fan-out', title: 'fan-out', text: englishContract({ payDays: 60, penalty: 8, notice: 30, years: 2 }) },
      });
      const reviewId = submitted.data.submitReview.id as string;
      const client = createClient({
        url: gatewayA.url.replace(/^http/, 'ws'),
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
      });
      const events: { sequence: number; kind: string; node: string | null; status: string }[] = [];
      await new Promise<void>((resolve, reject) => {
        client.subscribe<{ reviewProgress: (typeof events)[number] }>(
          { query: 'subscription ($id: ID!) { reviewProgress(reviewId: $id) { sequence kind node status } }', variables: { id: reviewId } },
          { next: (result) => events.push(result.data!.reviewProgress), error: reject, complete: resolve },
        );
      });
      await client.dispose();
      const nodes = ['parse', 'retrieve', 'compliance', 'risk', 'report'];
      expect(events.map((event) => event.sequence)).toEqual(Array.from({ length: 3 + nodes.length * 2 }, (_, i) => i + 1));
      expect(events.map((event) => [event.kind, event.node, event.status])).toEqual([
        ['QUEUED', null, 'QUEUED'],
        ['STATUS', null, 'RUNNING'],
        ...nodes.flatMap((node) => [
          ['NODE_STARTED', node, 'RUNNING'],
          ['NODE_FINISHED', node, 'RUNNING'],
        ]),
        ['STATUS', null, 'SUCCEEDED'],
      ]);
    },
    120_000,
  );

  it.skipIf(!redisUp)(
    'one trace across processes: read on gateway A, it holds the spans of gateway B (which took submitReview) and of the worker',
    async () => {
      const token = await tokenFor(env, 'alice', 'acme');
      const sre = await tokenFor(env, 'sam', 'acme', ['SRE']);
      const outsider = await tokenFor(env, 'olga', 'other-tenant', ['SRE']);
      const submitted = await gqlAt(gatewayB.url, token, 'mutation ($input: ReviewInput!) { submitReview(input: $input) { id } }', {
        input: { contractId: 'traced', title: 'traced', text: englishContract({ payDays: 45, penalty: 6, notice: 30, years: 1 }) },
      });
      const reviewId = submitted.data.submitReview.id as string;
      const review = await waitFor(
        () => gqlAt(gatewayB.url, token, 'query ($id: ID!) { review(id: $id) { status traceId } }', { id: reviewId }),
        (result) => result.data?.review?.status === 'SUCCEEDED',
        60_000,
        'the review to succeed',
      );
      const traceId = review.data.review.traceId as string;
      const TRACE = 'query ($id: ID!) { trace(id: $id) { traceId spans { spanId parentSpanId name } } }';
      // Spans reach the store in batches: poll until the worker's last span is there.
      const read = await waitFor(
        () => gqlAt(gatewayA.url, sre, TRACE, { id: traceId }),
        (result) => (result.data?.trace?.spans ?? []).some((span: { name: string }) => span.name === 'review.run'),
        30_000,
        'the whole trace on gateway A',
      );
      const spans = read.data.trace.spans as { spanId: string; parentSpanId: string | null; name: string }[];
      const byId = new Map(spans.map((span) => [span.spanId, span]));
      // Gateway B's part: the submitting operation, a root of the trace.
      const operation = spans.find((span) => span.parentSpanId === null && /submitReview/.test(span.name));
      expect(operation, JSON.stringify(spans.map((span) => span.name))).toBeDefined();
      // The worker's part: review.run continues the trace from the job's traceparent, under B's operation.
      const run = spans.find((span) => span.name === 'review.run')!;
      let ancestor = run.parentSpanId ? byId.get(run.parentSpanId) : undefined;
      while (ancestor?.parentSpanId) ancestor = byId.get(ancestor.parentSpanId);
      expect(ancestor?.spanId).toBe(operation!.spanId);
      for (const node of ['parse', 'retrieve', 'compliance', 'risk', 'report'])
        expect(spans.some((span) => span.name === `review.node.${node}`)).toBe(true);
      // The same tree on gateway B, in traces on A, and nothing for another tenant.
      const onB = await gqlAt(gatewayB.url, sre, TRACE, { id: traceId });
      expect(onB.data.trace.spans.length).toBeGreaterThanOrEqual(spans.length);
      const listed = await gqlAt(gatewayA.url, sre, 'query ($reviewId: ID) { traces(filter: { reviewId: $reviewId }) { traceId } }', {
        reviewId,
      });
      expect(listed.data.traces.map((entry: { traceId: string }) => entry.traceId)).toEqual([traceId]);
      const foreign = await gqlAt(gatewayA.url, outsider, TRACE, { id: traceId });
      expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    },
    120_000,
  );

  it.skipIf(!redisUp)(
    'concurrent turns on one chat thread through gateways A and B lose no message',
    async () => {
      const token = await tokenFor(env, 'dora', 'acme');
      const session = await gqlAt(gatewayA.url, token, 'mutation { createSession(title: "shared") { id } }');
      const sessionId = session.data.createSession.id as string;
      const texts = Array.from({ length: 6 }, (_, i) => `message number ${i}`);
      const turns = await Promise.all(
        texts.map((text, i) =>
          gqlAt(
            i % 2 ? gatewayB.url : gatewayA.url,
            token,
            'mutation ($id: ID!, $text: String!) { sendMessage(sessionId: $id, text: $text) { reply } }',
            { id: sessionId, text },
          ),
        ),
      );
      for (const turn of turns) expect(turn.errors).toBeUndefined();
      const thread = await gqlAt(
        gatewayB.url,
        token,
        'query ($id: ID!) { thread(sessionId: $id) { messages(last: 50) { role content } } }',
        { id: sessionId },
      );
      const messages = thread.data.thread.messages as { role: string; content: string }[];
      const userMessages = messages.filter((message) => texts.includes(message.content)).map((message) => message.content);
      expect([...userMessages].sort()).toEqual([...texts].sort());
      expect(messages.length).toBe(texts.length * 2);
    },
    120_000,
  );

  it.skipIf(!redisUp)(
    'an erasure requested on gateway A rejects the erased identity on gateway B at once',
    async () => {
      const bob = await tokenFor(env, 'bob', 'acme');
      const compliance = await tokenFor(env, 'carla', 'acme', ['COMPLIANCE']);
      const me = await gqlAt(gatewayB.url, bob, '{ me { id } }');
      const bobId = me.data.me.id as string;
      const requested = await gqlAt(gatewayA.url, compliance, 'mutation ($userId: ID) { requestErasure(userId: $userId) { id } }', {
        userId: bobId,
      });
      expect(requested.errors).toBeUndefined();
      await waitFor(
        () =>
          gqlAt(gatewayA.url, compliance, 'query ($id: ID!) { erasureRequest(id: $id) { status } }', {
            id: requested.data.requestErasure.id,
          }),
        (result) => result.data?.erasureRequest?.status === 'COMPLETED',
        30_000,
        'the erasure to complete',
      );
      // B had bob's identity cached; the erasure event reached it through Redis.
      const after = await gqlAt(gatewayB.url, bob, '{ me { id } }');
      expect(after.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    },
    120_000,
  );
  it('the registry of live processes lists every gateway and worker with its heartbeat; a worker killed by SIGKILL drops out once its heartbeat expires', async () => {
    const sre = await tokenFor(env, 'sam', 'acme', ['SRE']);
    const PROCESSES = '{ adminStats(window: "1h") { processes { id role host pid startedAt lastHeartbeatAt expiresAt runningJobs } } }';
    type Listed = { id: string; role: string; host: string; pid: number; lastHeartbeatAt: string; expiresAt: string; runningJobs: number };
    const list = async () => ((await gqlAt(gatewayA.url, sre, PROCESSES)).data?.adminStats?.processes ?? []) as Listed[];
    const doomed = await spawnRole('worker');
    const pids = (listed: Listed[], role: string) => listed.filter((entry) => entry.role === role).map((entry) => entry.pid);
    const before = await waitFor(
      list,
      (listed) => pids(listed, 'worker').includes(doomed.child.pid!),
      30_000,
      'the new worker to register',
    );
    expect(pids(before, 'worker').sort()).toEqual([workerOne, workerTwo, doomed].map((worker) => worker.child.pid).sort());
    expect(pids(before, 'gateway').sort()).toEqual([gatewayA, gatewayB].map((gateway) => gateway.child.pid).sort());
    for (const entry of before) {
      expect(new Date(entry.expiresAt).getTime()).toBeGreaterThan(new Date(entry.lastHeartbeatAt).getTime());
      expect(entry.runningJobs).toBe(0);
    }
    // The heartbeat moves on.
    const first = before.find((entry) => entry.pid === doomed.child.pid)!;
    await waitFor(
      list,
      (listed) => listed.some((entry) => entry.id === first.id && entry.lastHeartbeatAt > first.lastHeartbeatAt),
      30_000,
      'a later heartbeat',
    );
    const metrics = await (await fetch(gatewayA.url.replace(/\/graphql$/, '/metrics'))).text();
    expect(metrics).toMatch(/suanni_live_processes\{role="worker"\} [1-9]/);
    expect(metrics).toContain(`suanni_process_heartbeat_age_seconds{process="${first.id}",role="worker"`);

    doomed.child.kill('SIGKILL');
    await doomed.exited;
    const after = await waitFor(list, (listed) => !listed.some((entry) => entry.id === first.id), 30_000, 'the killed worker to expire');
    expect(pids(after, 'worker').sort()).toEqual([workerOne, workerTwo].map((worker) => worker.child.pid).sort());
  }, 120_000);

  it('a batch survives a worker killed by SIGKILL, a worker drained by SIGTERM and a gateway restart: every review SUCCEEDED once', async () => {
    const token = await tokenFor(env, 'alice', 'acme');
    // A third worker kills itself (SIGKILL) right after claiming its third review, so it dies holding work whatever the
    // machine's speed: killed from outside, a fast worker had once finished its share before the signal arrived.
    const doomed = await spawnRole('worker', { [FAULT_VARIABLES.reviewExitAfterClaims]: '3' });
    const sre = await tokenFor(env, 'sam', 'acme', ['SRE']);
    await waitFor(
      async () =>
        ((await gqlAt(gatewayB.url, sre, '{ adminStats(window: "1h") { processes { pid } } }')).data?.adminStats?.processes ?? []) as {
          pid: number;
        }[],
      (listed) => listed.some((entry) => entry.pid === doomed.child.pid),
      60_000,
      'the doomed worker to register',
    );
    const inputs = Array.from({ length: 96 }, (_, i) => ({
      contractId: `c-${i}`,
      title: `Contract ${i}`,
      text: englishContract({ payDays: 30 + (i % 5) * 15, penalty: 5 + (i % 4), notice: 30, years: 1 + (i % 3) }, `Supplier ${i}`),
      asOf: '2025-06-01T00:00:00Z',
    }));
    const submitted = await gqlAt(gatewayB.url, token, SUBMIT_BATCH, { inputs });
    expect(submitted.errors).toBeUndefined();
    const batchId = submitted.data.submitReviewBatch.id as string;

    // The doomed worker dies mid-batch holding a claimed review: it is retried once its lease expires.
    await waitFor(
      async () => doomed.child.signalCode,
      (signal) => signal !== null,
      60_000,
      'the doomed worker to kill itself',
    );
    expect(doomed.child.signalCode).toBe('SIGKILL');
    expect((await statusCounts(batchId)).SUCCEEDED ?? 0).toBeLessThan(inputs.length);
    // Restart gateway A meanwhile: a start never touches the work of other processes.
    gatewayA.child.kill('SIGTERM');
    expect(await gatewayA.exited).toBe(0);
    const gatewayA2 = await spawnRole('gateway');
    // Drain the other worker: it stops taking work and exits 0; what it held goes back to the queue.
    workerTwo.child.kill('SIGTERM');
    expect(await workerTwo.exited).toBe(0);
    const counts = await statusCounts(batchId);
    expect(counts['FAILED:INTERRUPTED']).toBeUndefined();
    await spawnRole('worker');

    const done = await waitFor(
      () => statusCounts(batchId),
      (counts) => counts.SUCCEEDED === inputs.length,
      90_000,
      'every review to succeed',
    );
    expect(done).toEqual({ SUCCEEDED: inputs.length });
    // The killed worker's reviews were delivered again once their lease expired.
    const { rows: redelivered } = await sql.query<{ count: string }>(
      `SELECT count(*) FROM pgboss.job WHERE name = 'review-run' AND retry_count > 0`,
    );
    expect(Number(redelivered[0]!.count)).toBeGreaterThan(0);
    // One result each: the findings were written by exactly one attempt.
    const { rows: duplicates } = await sql.query(
      `SELECT f."reviewId", f.position FROM "ReviewFinding" f JOIN "Review" r ON r.id = f."reviewId" WHERE r."batchId" = $1 GROUP BY 1, 2 HAVING count(*) > 1`,
      [batchId],
    );
    expect(duplicates).toEqual([]);
    const read = await gqlAt(gatewayA2.url, token, 'query ($id: ID!) { reviewBatch(id: $id) { succeeded failed running } }', {
      id: batchId,
    });
    expect(read.data.reviewBatch).toEqual({ succeeded: inputs.length, failed: 0, running: 0 });
  }, 180_000);
  it('an erasure whose worker is killed by SIGKILL mid-way completes on another worker, from the step where it stopped', async () => {
    // Only a worker that kills itself after the `facts` step on an erasure's first attempt runs jobs for now.
    for (const started of processes)
      if (started.role === 'worker' && started.child.exitCode === null && started.child.signalCode === null) {
        started.child.kill('SIGTERM');
        await started.exited;
      }
    const doomed = await spawnRole('worker', { [FAULT_VARIABLES.erasureExitAfterStep]: 'facts' });
    const erin = await tokenFor(env, 'erin', 'acme');
    const compliance = await tokenFor(env, 'carla', 'acme', ['COMPLIANCE']);
    const session = await gqlAt(gatewayB.url, erin, 'mutation { createSession(title: "to erase") { id } }');
    expect(session.errors).toBeUndefined();
    const erinId = (await gqlAt(gatewayB.url, erin, '{ me { id } }')).data.me.id as string;
    const requested = await gqlAt(gatewayB.url, compliance, 'mutation ($userId: ID) { requestErasure(userId: $userId) { id } }', {
      userId: erinId,
    });
    expect(requested.errors).toBeUndefined();
    const requestId = requested.data.requestErasure.id as string;
    const erasure = async () =>
      (
        await sql.query<{
          status: string;
          attempts: number;
          steps: { name: string; status: string }[];
          verification: { allZero: boolean } | null;
        }>('SELECT status, attempts, steps, verification FROM "ErasureRequest" WHERE id = $1', [requestId])
      ).rows[0]!;

    // The worker dies holding the job: the erasure stays RUNNING with the steps up to `facts` done.
    await doomed.exited;
    expect(doomed.child.signalCode).toBe('SIGKILL');
    const interrupted = await erasure();
    expect(interrupted.status).toBe('RUNNING');
    const done = interrupted.steps.filter((step) => step.status === 'DONE').map((step) => step.name);
    expect(done).toEqual(['tombstone', 'inventory', 'checkpoints', 'facts']);

    // Another worker takes the job over once its lease expires and finishes it.
    await spawnRole('worker');
    const completed = await waitFor(erasure, (row) => row.status === 'COMPLETED', 90_000, 'the erasure to complete');
    // Attempt 2 at least (more when a slow machine lets the 4 s test lease expire under a running attempt: steps are idempotent).
    expect(completed.attempts).toBeGreaterThanOrEqual(2);
    expect(completed.verification).toMatchObject({ allZero: true });
    expect(completed.steps.every((step) => step.status === 'DONE')).toBe(true);
    // The job is settled just after its handler returns: wait for that rather than race it. An
    // attempt whose 4 s lease expired under a slow machine leaves the job in `retry`; its next
    // attempt finds the erasure COMPLETED and completes the job.
    const jobs = await waitFor(
      async () =>
        (
          await sql.query<{ state: string; retry_count: number }>(
            `SELECT state, retry_count FROM pgboss.job WHERE name = 'erasure-run' AND singleton_key = $1`,
            [requestId],
          )
        ).rows,
      (rows) => rows.length !== 1 || !['created', 'retry', 'active'].includes(rows[0]!.state),
      60_000,
      'the erasure job to be settled',
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.state).toBe('completed');
    expect(jobs[0]!.retry_count).toBeGreaterThanOrEqual(1);
    // Gateway A was replaced in the batch test; B is the gateway that has run all along.
    const after = await gqlAt(gatewayB.url, erin, '{ me { id } }');
    expect(after.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  }, 300_000);

  it.skipIf(!redisUp)(
    'a user’s sockets count on every gateway; those of a gateway killed by SIGKILL stop counting once their lease ends',
    async () => {
      const limits = {
        SUANNI_MAX_SOCKETS_PER_USER: '2',
        SUANNI_CONNECTION_LEASE_SECONDS: '2',
        SUANNI_RATE_LIMIT_KEY_PREFIX: `suanni-test:${randomBytes(4).toString('hex')}:rl:`,
      };
      const [doomed, survivor] = await Promise.all([spawnRole('gateway', limits), spawnRole('gateway', limits)]);
      const token = await tokenFor(env, 'kim', 'acme');
      const connect = (gateway: SuanniProcess, onClose?: (code: number, reason: string) => void) =>
        createClient({
          url: gateway.url.replace(/^http/, 'ws'),
          webSocketImpl: WebSocket,
          connectionParams: { authorization: `Bearer ${token}` },
          retryAttempts: 0,
          lazy: true,
          on: { closed: (event) => onClose?.((event as CloseEvent).code, (event as CloseEvent).reason) },
        });
      /** The first event of a subscription, or how the socket failed it. */
      const first = (client: ReturnType<typeof createClient>, query: string) =>
        new Promise<{ data?: unknown; failure?: unknown }>((resolve) => {
          client.subscribe(
            { query },
            { next: (result) => resolve({ data: result.data }), error: (failure) => resolve({ failure }), complete: () => {} },
          );
        });
      const held = [connect(doomed), connect(doomed)];
      for (const client of held) expect((await first(client, 'subscription { heartbeat }')).data).toBeDefined();
      let closed: { code: number; reason: string } | undefined;
      const refused = connect(survivor, (code, reason) => (closed ??= { code, reason }));
      expect((await first(refused, '{ me { id } }')).failure).toBeDefined();
      expect(closed).toEqual({ code: 1013, reason: 'Too many connections: at most 2 per user' });
      await refused.dispose();

      // Killed: it releases nothing; its two places stop counting after the 2 s lease.
      doomed.child.kill('SIGKILL');
      await doomed.exited;
      const admitted = await waitFor(
        async () => {
          const client = connect(survivor);
          const outcome = await first(client, '{ me { id } }');
          await client.dispose();
          return outcome;
        },
        (outcome) => outcome.data !== undefined,
        30_000,
        'the killed gateway’s sockets to stop counting',
      );
      expect(admitted.data).toEqual({ me: { id: expect.any(String) } });
      for (const client of held) await client.dispose();
    },
    300_000,
  );
});
