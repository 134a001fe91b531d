import type { Database } from '../platform/db/prisma.js';
import { retryTransient, type RetryOptions } from '../platform/db/transient.js';
import { AppError, assertUuid, forbidden, notFound } from '../platform/errors.js';
import { RESYNC, type EventBus } from '../platform/pubsub.js';
import { createLogger } from '../platform/logger.js';
import { hasRole, type Principal } from '../identity/principal.js';
import type { IdentityService } from '../identity/service.js';
import { deleteCheckpoints, inventory, type MemoryStores, type StoreCounts } from './inventory.js';
import type { SubjectHasher } from './subject-hash.js';
import type { AuditLog, AuditTargets } from '../audit/service.js';
import type { Tombstones } from './tombstones.js';
import type { Prisma } from '../generated/prisma/client.js';
import { z } from 'zod';
import { currentTraceOrigin, type TraceOrigin, withTraceOrigin } from '../platform/telemetry/trace-origin.js';
import type { Span } from '@opentelemetry/api';
import { ATTR, withSpan } from '../platform/telemetry/tracing.js';
import type { Metrics } from '../platform/telemetry/metrics.js';
import type { JobQueue, QueuedJob, QueueDefinition } from '../platform/jobs/job-queue.js';
import { ERASURE_STEPS, type ErasureStepName } from './steps.js';

export { ERASURE_STEPS, type ErasureStepName } from './steps.js';

const log = createLogger('erasure');

/** Attempts of one job before it is FAILED (the job queue's backoff: 1, 2, 4 ... 64 s between them). */
const ERASURE_RETRY = { attempts: 8, baseDelayMs: 1_000, maxDelayMs: 64_000 };

/** The durable queue of erasure runs (pg-boss, like reviews), and the queue of runs that failed for good. */
export const ERASURE_QUEUE = 'erasure-run';
export const ERASURE_FAILED_QUEUE = 'erasure-run-failed';
/** Erasures one worker process runs at a time. */
const ERASURE_CONCURRENCY = 2;

interface ErasureJob {
  requestId: string;
  /** The operation that asked for the run (request or resume): the run's spans join its trace. */
  origin?: TraceOrigin;
}

/** Which inventory counts each deleting step removes. */
const STEP_STORES: Partial<Record<ErasureStepName, (store: string) => boolean>> = {
  checkpoints: (store) => store.startsWith('checkpoint:') || store === 'memoryPassages',
  facts: (store) => store === 'facts',
  'finding-decisions': (store) => store === 'findingDecisions',
  reviews: (store) => ['reviews', 'reviewFindings', 'reviewBatches'].includes(store),
  'knowledge-access': (store) => store === 'knowledgeAccess',
  sessions: (store) => store === 'sessions',
  'trace-buffer': (store) => store === 'traceBuffer',
  'progress-events': (store) => store === 'progressEvents',
  user: (store) => store === 'user',
  'audit-log': (store) => store === 'auditLog',
};

/** The steps of a job as stored in its JSON column, checked when read back. */
const erasureStepsSchema = z.array(
  z.object({
    name: z.enum(ERASURE_STEPS),
    status: z.enum(['PENDING', 'DONE']),
    countBefore: z.number().nullable(),
    countAfter: z.number().nullable(),
  }),
);
const erasureVerificationSchema = z.object({ counts: z.record(z.string(), z.number()), allZero: z.boolean(), verifiedAt: z.string() });

// Type aliases, not interfaces: they are assignable to Prisma's JSON input type.
export type ErasureStep = z.infer<typeof erasureStepsSchema>[number];
export type ErasureVerification = z.infer<typeof erasureVerificationSchema> & { counts: StoreCounts };

/** A job's steps, read from its JSON column. */
export const stepsOf = (job: { steps: Prisma.JsonValue }): ErasureStep[] => erasureStepsSchema.parse(job.steps);

/** A job's verification report, or null before `verify` ran. */
export const verificationOf = (job: { verification: Prisma.JsonValue }): ErasureVerification | null =>
  job.verification === null ? null : erasureVerificationSchema.parse(job.verification);

/** Thrown by the crash injection of `TestOverrides`; the job is left exactly as a killed process leaves it. */
class SimulatedCrash extends Error {
  constructor(step: ErasureStepName) {
    super(`simulated crash after ${step}`);
  }
}

export type ErasureRequestRow = Prisma.ErasureRequestGetPayload<object>;

export interface ErasureProgressEvent {
  requestId: string;
  status: ErasureRequestRow['status'];
  step: ErasureStepName | null;
  steps: ErasureStep[];
  at: Date;
}

export const erasureTopic = (requestId: string) => `erasure:${requestId}` as const;

/** Published once the user's tombstone stands: whatever the user still has open must end. */
export interface UserErasedEvent {
  userId: string;
}

export const USER_ERASED_TOPIC = 'userErased' as const;

declare module '../platform/pubsub.js' {
  interface EventTopics {
    [topic: `erasure:${string}`]: [ErasureProgressEvent];
    [USER_ERASED_TOPIC]: [UserErasedEvent];
  }
}

const sum = (counts: StoreCounts, belongs: (store: string) => boolean) =>
  Object.entries(counts)
    .filter(([store]) => belongs(store))
    .reduce((total, [, count]) => total + count, 0);

/**
 * Erasure of one user's data as a durable job: tombstone, inventory, delete in every store,
 * verify that the inventory is zero, audit without personal data. Each step is idempotent and
 * recorded, so a job interrupted by a crash resumes where it stopped.
 */
export class ErasureService {
  /** Attempts running in this process. */
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly events: EventBus,
    private readonly tombstones: Tombstones,
    private readonly hasher: SubjectHasher,
    private readonly identity: IdentityService,
    private readonly memory: MemoryStores,
    private readonly audit: AuditLog,
    private readonly options: {
      /** Tests: the job stops dead after this step on its first attempt, as if the process died. */
      faultAfterStep?: ErasureStepName;
      /** Tests: the first attempt throws after this step (retried like any failure). */
      failAfterStep?: ErasureStepName;
      /** Tests of a killed worker: the process kills itself (SIGKILL) after this step on the job's first attempt. */
      exitAfterStep?: ErasureStepName;
      metrics?: Metrics;
      retry?: Pick<RetryOptions, 'attempts' | 'baseDelayMs' | 'maxDelayMs'>;
      /** The durable job queue that runs erasures in worker processes. */
      jobs: JobQueue;
    },
  ) {}

  /** The queues of erasure runs (created by every process, idempotently). */
  get queues(): QueueDefinition[] {
    const retry = this.options.retry ?? ERASURE_RETRY;
    return [
      { name: ERASURE_FAILED_QUEUE, retryLimit: 2, retryDelaySeconds: 1 },
      {
        name: ERASURE_QUEUE,
        retryLimit: retry.attempts - 1,
        retryDelaySeconds: Math.round(retry.baseDelayMs / 1000),
        deadLetter: ERASURE_FAILED_QUEUE,
      },
    ];
  }

  /** Creates the queues; with `work`, this process runs erasure jobs (roles `all` and `worker`). */
  async start(options: { work: boolean }): Promise<void> {
    await this.options.jobs.start(this.queues);
    if (!options.work) return;
    await this.options.jobs.work<ErasureJob>(ERASURE_QUEUE, ERASURE_CONCURRENCY, (job) => this.execute(job));
    await this.options.jobs.work<ErasureJob>(ERASURE_FAILED_QUEUE, 1, (job) => this.failForGood(job.data.requestId));
  }

  /**
   * Starts the erasure of the caller, or (COMPLIANCE) of a user of the caller's tenant. Returns
   * the job at once; a second request while one is open returns the open one.
   */
  async request(principal: Principal, userId?: string | null): Promise<ErasureRequestRow> {
    const job = await this.audit.record(principal, 'ERASURE_REQUEST', (targets) => this.open(principal, userId, targets), {
      resultIds: (job) => [job.id],
    });
    // Started once its audit entry exists: the job's audit-log step must find the subject named there.
    if (job.status !== 'COMPLETED') await this.enqueue(job.id);
    return job;
  }

  private async open(principal: Principal, userId: string | null | undefined, targets: AuditTargets): Promise<ErasureRequestRow> {
    const targetId = userId ? assertUuid(userId, 'userId') : principal.userId;
    targets.add(targetId);
    const self = targetId === principal.userId;
    if (!self && !hasRole(principal, 'COMPLIANCE')) throw forbidden('Only a COMPLIANCE user may erase another user.');
    const subjectHash = this.hasher.userHash(targetId);
    const target = await this.db.user.findUnique({ where: { id: targetId }, include: { tenant: true } });
    if (target && target.tenantId !== principal.tenantId) throw forbidden('That user belongs to another tenant.');
    // An unfinished job, or (once the user row is gone) the job that erased them, answers again.
    const existing = await this.db.erasureRequest.findFirst({
      where: { subjectHash, tenantId: principal.tenantId },
      orderBy: { createdAt: 'desc' },
    });
    if (existing && (existing.status !== 'COMPLETED' || !target)) return this.reopen(existing);
    if (!target) throw notFound('User');
    const steps: ErasureStep[] = ERASURE_STEPS.map((name) => ({ name, status: 'PENDING', countBefore: null, countAfter: null }));
    let job: ErasureRequestRow;
    try {
      job = await this.db.erasureRequest.create({
        data: {
          tenantId: target.tenantId,
          subjectUserId: target.id,
          subjectHash,
          // A keyed hash, like the subject's: the request row and the audit rows never hold a raw id.
          requestedBy: this.hasher.userHash(principal.userId),
          steps,
        },
      });
    } catch (error) {
      if ((error as { code?: string }).code !== 'P2002') throw error;
      job = await this.db.erasureRequest.findFirstOrThrow({ where: { subjectHash, status: { in: ['PENDING', 'RUNNING'] } } });
    }
    return job;
  }

  /**
   * Continues a FAILED job from its first step not done (COMPLIANCE); a job still open is made
   * sure to run, a completed one is returned as it is.
   */
  async resume(principal: Principal, requestId: string): Promise<ErasureRequestRow> {
    const job = await this.audit.record(
      principal,
      'ERASURE_RESUME',
      async () => {
        if (!hasRole(principal, 'COMPLIANCE')) throw forbidden('Only a COMPLIANCE user may resume an erasure.');
        return this.reopen(await this.get(principal, requestId));
      },
      { targetIds: [requestId] },
    );
    if (job.status !== 'COMPLETED') await this.enqueue(job.id);
    return job;
  }

  private async reopen(job: ErasureRequestRow): Promise<ErasureRequestRow> {
    if (job.status === 'COMPLETED') return job;
    let reopened = job;
    if (job.status === 'FAILED') {
      // Conditional: of two resumptions racing, one reopens and both return the open job.
      await this.db.erasureRequest.updateMany({ where: { id: job.id, status: 'FAILED' }, data: { status: 'PENDING', error: null } });
      reopened = await this.db.erasureRequest.findUniqueOrThrow({ where: { id: job.id } });
      log.info({ requestId: job.id }, 'erasure resumed');
    }
    return reopened;
  }

  /** A job the caller may see: their own, or any of the tenant for COMPLIANCE. */
  async get(principal: Principal, requestId: string): Promise<ErasureRequestRow> {
    const job = await this.db.erasureRequest.findUnique({ where: { id: assertUuid(requestId, 'id') } });
    if (!job || job.tenantId !== principal.tenantId) throw notFound('Erasure request');
    const readerHash = this.hasher.userHash(principal.userId);
    const own = job.requestedBy === readerHash || job.subjectHash === readerHash;
    if (!own && !hasRole(principal, 'COMPLIANCE')) throw forbidden();
    return job;
  }

  /** The tenant's erasure jobs, newest first (COMPLIANCE). */
  list(principal: Principal, first: number): Promise<ErasureRequestRow[]> {
    return this.audit.record(
      principal,
      'ERASURE_REQUESTS_LIST',
      () => {
        if (!hasRole(principal, 'COMPLIANCE')) throw forbidden('Only a COMPLIANCE user may list erasures.');
        return this.db.erasureRequest.findMany({ where: { tenantId: principal.tenantId }, orderBy: { createdAt: 'desc' }, take: first });
      },
      { targetIds: [principal.tenantId] },
    );
  }

  /** The job now, then after every step, until it completes or fails. */
  async *watch(principal: Principal, requestId: string): AsyncGenerator<ErasureProgressEvent> {
    const job = await this.get(principal, requestId);
    const live = this.events.watch(erasureTopic(job.id));
    const fromDatabase = async (): Promise<ErasureProgressEvent> => {
      const current = await this.db.erasureRequest.findUniqueOrThrow({ where: { id: job.id } });
      return { requestId: job.id, status: current.status, step: null, steps: stepsOf(current), at: new Date() };
    };
    try {
      const first = await fromDatabase();
      yield first;
      if (first.status === 'COMPLETED' || first.status === 'FAILED') return;
      // Redis back after an outage (RESYNC): the job's state as stored, since events may have been lost.
      for await (const received of live) {
        const event = received === RESYNC ? await fromDatabase() : received;
        yield event;
        if (event.status === 'COMPLETED' || event.status === 'FAILED') return;
      }
    } finally {
      await live.return?.(undefined);
    }
  }

  /**
   * After a restart: every erasure still pending or running whose job is no longer queued or
   * running anywhere (lost, or left by a crash) gets a new job; one that a live
   * worker runs is left alone. Returns how many were queued again.
   */
  async resumeInterrupted(): Promise<number> {
    const open = await this.db.erasureRequest.findMany({ where: { status: { in: ['PENDING', 'RUNNING'] } }, select: { id: true } });
    let queued = 0;
    for (const job of open) if (await this.enqueue(job.id)) queued += 1;
    return queued;
  }

  /** Waits until no erasure job is waiting, retrying or running (in any process while the queue runs). */
  async idle(): Promise<void> {
    for (;;) {
      while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
      if (!this.options.jobs.running || (await this.options.jobs.unfinished([ERASURE_QUEUE, ERASURE_FAILED_QUEUE])) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /**
   * Queues a run of the erasure (at-least-once: a worker that dies holding it loses its lease and
   * another takes it over); every attempt continues from the first step not done; after the last
   * one the erasure is FAILED, and COMPLIANCE can resume it. The erasure's row stays the record.
   */
  private enqueue(requestId: string): Promise<boolean> {
    const retry = this.queues[1]!;
    const origin = currentTraceOrigin('child');
    return this.options.jobs.sendOnce<ErasureJob>(
      ERASURE_QUEUE,
      requestId,
      { requestId, ...(origin ? { origin } : {}) },
      {
        limit: retry.retryLimit,
        delaySeconds: retry.retryDelaySeconds,
      },
    );
  }

  /** One attempt of an erasure job; throws to have the job queue retry it while attempts remain. */
  private async execute(job: QueuedJob<ErasureJob>): Promise<void> {
    const { requestId } = job.data;
    const attempt = withTraceOrigin(job.data.origin, async () => {
      try {
        // One span per attempt, in the trace of the operation that queued it; the steps are its children.
        await withSpan('erasure.run', { 'suanni.erasure.request_id': requestId, 'suanni.erasure.attempt': job.retryCount + 1 }, (span) =>
          this.run(requestId, span),
        );
      } catch (error) {
        // A simulated crash leaves the erasure as a dead process would: RUNNING, for resumeInterrupted.
        if (error instanceof SimulatedCrash) return;
        if (job.retryCount < job.retryLimit) {
          log.warn({ err: error, requestId, attempt: job.retryCount + 1 }, 'erasure attempt failed; the job will be retried');
          throw error;
        }
        log.error({ err: error, requestId, attempt: job.retryCount + 1 }, 'erasure job failed');
        await retryTransient(() => this.fail(requestId, error));
      }
    });
    this.running.set(requestId, attempt);
    try {
      await attempt;
    } finally {
      if (this.running.get(requestId) === attempt) this.running.delete(requestId);
    }
  }

  /** An erasure job that failed for good (its last attempt's worker died): the erasure is FAILED unless it completed. */
  private async failForGood(requestId: string): Promise<void> {
    const job = await this.db.erasureRequest.findUnique({ where: { id: requestId } });
    if (!job || job.status === 'COMPLETED' || job.status === 'FAILED') return;
    await this.fail(requestId, new Error('every attempt was lost'));
  }

  private async fail(requestId: string, error: unknown): Promise<void> {
    const message = error instanceof AppError ? error.message : 'The erasure stopped on an unexpected error; resume it with resumeErasure.';
    const failed = await this.db.erasureRequest.update({ where: { id: requestId }, data: { status: 'FAILED', error: message } });
    this.options.metrics?.erasures.inc({ outcome: 'failed' });
    this.publish(failed, null, stepsOf(failed));
  }

  private publish(job: { id: string; status: ErasureRequestRow['status'] }, step: ErasureStepName | null, steps: ErasureStep[]): void {
    this.events.publish(erasureTopic(job.id), { requestId: job.id, status: job.status, step, steps, at: new Date() });
  }

  private async run(requestId: string, span: Span): Promise<void> {
    let job = await this.db.erasureRequest.findUniqueOrThrow({ where: { id: requestId } });
    // The run's span is this process's root of the trace: its tenant decides who may read it.
    span.setAttribute(ATTR.tenantId, job.tenantId);
    if (job.status === 'COMPLETED' || job.status === 'FAILED') return;
    job = await this.db.erasureRequest.update({
      where: { id: requestId },
      data: { status: 'RUNNING', startedAt: job.startedAt ?? new Date(), attempts: { increment: 1 } },
    });
    const userId = job.subjectUserId;
    if (!userId) throw new Error('an open erasure job lost its subject');
    const steps = stepsOf(job);
    let verification: ErasureVerification | null = verificationOf(job);
    {
      for (const step of steps) {
        if (step.status === 'DONE') continue;
        // One span per step: ids and counts only; the subject appears as its keyed hash.
        await withSpan(
          `erasure.${step.name}`,
          { 'suanni.erasure.request_id': job.id, 'suanni.erasure.step': step.name, [ATTR.tenantId]: job.tenantId },
          async (span) => {
            await this.runStep(job, userId, step, steps, (result) => (verification = result));
            span.setAttributes({
              'suanni.erasure.count_before': step.countBefore ?? -1,
              'suanni.erasure.count_after': step.countAfter ?? -1,
            });
          },
        );
        step.status = 'DONE';
        await this.db.erasureRequest.update({ where: { id: requestId }, data: { steps, verification: verification ?? undefined } });
        this.publish(job, step.name, steps);
        if (this.options.faultAfterStep === step.name && job.attempts === 1) throw new SimulatedCrash(step.name);
        if (this.options.exitAfterStep === step.name && job.attempts === 1) {
          log.warn({ requestId, step: step.name }, 'fault injection: the process kills itself mid-erasure');
          process.kill(process.pid, 'SIGKILL');
        }
        if (this.options.failAfterStep === step.name && job.attempts === 1) throw new Error(`injected failure after ${step.name}`);
      }
      const completed = await this.db.erasureRequest.update({
        where: { id: requestId },
        data: { status: 'COMPLETED', completedAt: new Date(), subjectUserId: null },
      });
      this.options.metrics?.erasures.inc({ outcome: 'completed' });
      for (const step of steps)
        if (STEP_STORES[step.name] && step.countBefore) this.options.metrics?.erasedItems.inc({ store: step.name }, step.countBefore);
      this.publish(completed, null, steps);
      log.info({ requestId, steps: steps.length }, 'erasure completed');
    }
    // On a throw the steps done stay done and the job stays RUNNING: a retry, a crash and a
    // restart all resume it from the first step not done.
  }

  private async runStep(
    job: ErasureRequestRow,
    userId: string,
    step: ErasureStep,
    steps: ErasureStep[],
    setVerification: (verification: ErasureVerification) => void,
  ): Promise<void> {
    const countAfter = async (name: ErasureStepName) => sum(await inventory(this.db, this.memory, userId), STEP_STORES[name]!);
    switch (step.name) {
      case 'tombstone': {
        const user = await this.db.user.findUnique({ where: { id: userId }, include: { tenant: true } });
        // A user row already gone means an earlier attempt buried it.
        if (user) await this.tombstones.bury({ userId, tenantId: user.tenantId, tenantKey: user.tenant.key, subject: user.subject });
        this.identity.forgetCachedIdentities();
        this.events.publish(USER_ERASED_TOPIC, { userId });
        step.countBefore = 0;
        step.countAfter = 1;
        return;
      }
      case 'inventory': {
        const counts = await inventory(this.db, this.memory, userId);
        for (const other of steps) {
          const belongs = STEP_STORES[other.name];
          if (belongs) other.countBefore = sum(counts, belongs);
        }
        step.countBefore = Object.values(counts).reduce((a, b) => a + b, 0);
        step.countAfter = step.countBefore;
        return;
      }
      case 'checkpoints':
        await deleteCheckpoints(this.db, userId);
        await this.db.memoryPassage.deleteMany({ where: { userId } });
        break;
      case 'facts':
        await this.db.fact.deleteMany({ where: { userId } });
        break;
      case 'finding-decisions':
        // The user's verdicts on findings of anyone's reviews (those on the user's own reviews go with them too):
        // the findings they decided need a REVIEWER again.
        await this.db.findingDecision.deleteMany({ where: { OR: [{ deciderId: userId }, { review: { userId } }] } });
        break;
      case 'reviews':
        await this.db.$transaction([
          this.db.review.deleteMany({ where: { userId } }),
          this.db.reviewBatch.deleteMany({ where: { userId } }),
        ]);
        break;
      case 'knowledge-access':
        await this.db.knowledgeAccess.deleteMany({ where: { userId } });
        break;
      case 'sessions':
        await this.db.session.deleteMany({ where: { userId } });
        break;
      case 'trace-buffer':
        await this.memory.forgetTraces(userId);
        break;
      case 'progress-events':
        await this.memory.forgetProgress(userId);
        break;
      case 'user':
        await this.db.user.deleteMany({ where: { id: userId } });
        break;
      case 'audit-log':
        // Audit entries stay (append-only) but name the user only by the tombstone's keyed hash.
        await this.audit.pseudonymize(userId, job.subjectHash);
        break;
      case 'verify': {
        const counts = await inventory(this.db, this.memory, userId);
        const allZero = Object.values(counts).every((count) => count === 0);
        setVerification({ counts, allZero, verifiedAt: new Date().toISOString() });
        step.countBefore = Object.values(counts).reduce((a, b) => a + b, 0);
        step.countAfter = step.countBefore;
        if (!allZero) {
          // Something written before the tombstone turned up late: sweep again on the next attempt.
          const left = Object.keys(counts).filter((store) => counts[store]! > 0);
          for (const other of steps) if (STEP_STORES[other.name] && left.some(STEP_STORES[other.name]!)) other.status = 'PENDING';
          await this.db.erasureRequest.update({ where: { id: job.id }, data: { steps } });
          throw new AppError(
            'INTERNAL',
            `Verification found data left: ${JSON.stringify(Object.fromEntries(left.map((store) => [store, counts[store]])))}`,
          );
        }
        return;
      }
      case 'audit': {
        const before = steps.filter((other) => STEP_STORES[other.name]).map((other) => [other.name, other.countBefore ?? 0]);
        // Append-only table: the request id makes a retried audit step a no-op.
        const exists = await this.db.erasureAudit.count({ where: { requestId: job.id } });
        if (!exists) {
          await this.db.erasureAudit.create({
            data: {
              tenantId: job.tenantId,
              requestId: job.id,
              subjectHash: job.subjectHash,
              requestedBy: job.requestedBy,
              requestedAt: job.createdAt,
              completedAt: new Date(),
              counts: Object.fromEntries(before),
            },
          });
        }
        step.countBefore = 0;
        step.countAfter = 1;
        return;
      }
    }
    step.countAfter = await countAfter(step.name);
  }
}
