import type { Database } from '../platform/db/prisma.js';
import { AppError, assertUuid, forbidden, notFound } from '../platform/errors.js';
import type { EventBus } from '../platform/pubsub.js';
import { createLogger } from '../platform/logger.js';
import { hasRole, type Principal } from '../identity/principal.js';
import type { IdentityService } from '../identity/service.js';
import { deleteCheckpoints, inventory, type MemoryStores, type StoreCounts } from './inventory.js';
import type { SubjectHasher } from './subject-hash.js';
import type { Tombstones } from './tombstones.js';
import type { Prisma } from '../generated/prisma/client.js';
import { ATTR, withSpan } from '../observability/tracing.js';
import type { Metrics } from '../observability/metrics.js';

const log = createLogger('erasure');

export type ErasureStepName =
  | 'tombstone'
  | 'inventory'
  | 'checkpoints'
  | 'facts'
  | 'reviews'
  | 'knowledge-access'
  | 'sessions'
  | 'trace-buffer'
  | 'progress-events'
  | 'user'
  | 'verify'
  | 'audit';

/** In order: the tombstone first, so nothing in flight can write once deleting starts. */
export const ERASURE_STEPS: readonly ErasureStepName[] = ['tombstone', 'inventory', 'checkpoints', 'facts', 'reviews', 'knowledge-access', 'sessions', 'trace-buffer', 'progress-events', 'user', 'verify', 'audit'];

/** Which inventory counts each deleting step removes. */
const STEP_STORES: Partial<Record<ErasureStepName, (store: string) => boolean>> = {
  checkpoints: (store) => store.startsWith('checkpoint:'),
  facts: (store) => store === 'facts',
  reviews: (store) => ['reviews', 'reviewFindings', 'reviewBatches'].includes(store),
  'knowledge-access': (store) => store === 'knowledgeAccess',
  sessions: (store) => store === 'sessions',
  'trace-buffer': (store) => store === 'traceBuffer',
  'progress-events': (store) => store === 'progressEvents',
  user: (store) => store === 'user',
};

export interface ErasureStep {
  name: ErasureStepName;
  status: 'PENDING' | 'DONE';
  countBefore: number | null;
  countAfter: number | null;
}

export interface ErasureVerification {
  counts: StoreCounts;
  allZero: boolean;
  verifiedAt: string;
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

const sum = (counts: StoreCounts, belongs: (store: string) => boolean) => Object.entries(counts).filter(([store]) => belongs(store)).reduce((total, [, count]) => total + count, 0);

/**
 * Erasure of one user's data as a durable job: tombstone, inventory, delete in every store,
 * verify that the inventory is zero, audit without personal data. Each step is idempotent and
 * recorded, so a job interrupted by a crash resumes where it stopped.
 */
export class ErasureService {
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly events: EventBus,
    private readonly tombstones: Tombstones,
    private readonly hasher: SubjectHasher,
    private readonly identity: IdentityService,
    private readonly memory: MemoryStores,
    private readonly options: { faultAfterStep?: ErasureStepName; metrics?: Metrics } = {},
  ) {}

  /**
   * Starts the erasure of the caller, or (COMPLIANCE) of a user of the caller's tenant. Returns
   * the job at once; a second request while one is open returns the open one.
   */
  async request(principal: Principal, userId?: string | null): Promise<ErasureRequestRow> {
    const targetId = userId ? assertUuid(userId, 'userId') : principal.userId;
    const self = targetId === principal.userId;
    if (!self && !hasRole(principal, 'COMPLIANCE')) throw forbidden('Only a COMPLIANCE user may erase another user.');
    const target = await this.db.user.findUnique({ where: { id: targetId }, include: { tenant: true } });
    if (!target) throw notFound('User');
    if (target.tenantId !== principal.tenantId) throw forbidden('That user belongs to another tenant.');
    const subjectHash = this.hasher.userHash(target.id);
    const steps: ErasureStep[] = ERASURE_STEPS.map((name) => ({ name, status: 'PENDING', countBefore: null, countAfter: null }));
    let job: ErasureRequestRow;
    try {
      job = await this.db.erasureRequest.create({
        data: { tenantId: target.tenantId, subjectUserId: target.id, subjectHash, requestedBy: self ? `self:${subjectHash.slice(0, 16)}` : principal.userId, steps: steps as never },
      });
    } catch (error) {
      if ((error as { code?: string }).code !== 'P2002') throw error;
      job = await this.db.erasureRequest.findFirstOrThrow({ where: { subjectHash, status: { in: ['PENDING', 'RUNNING'] } } });
    }
    this.start(job.id);
    return job;
  }

  /** A job the caller may see: their own, or any of the tenant for COMPLIANCE. */
  async get(principal: Principal, requestId: string): Promise<ErasureRequestRow> {
    const job = await this.db.erasureRequest.findUnique({ where: { id: assertUuid(requestId, 'id') } });
    if (!job || job.tenantId !== principal.tenantId) throw notFound('Erasure request');
    const own = job.requestedBy === principal.userId || job.subjectHash === this.hasher.userHash(principal.userId);
    if (!own && !hasRole(principal, 'COMPLIANCE')) throw forbidden();
    return job;
  }

  /** The tenant's erasure jobs, newest first (COMPLIANCE). */
  async list(principal: Principal, first: number): Promise<ErasureRequestRow[]> {
    if (!hasRole(principal, 'COMPLIANCE')) throw forbidden('Only a COMPLIANCE user may list erasures.');
    return this.db.erasureRequest.findMany({ where: { tenantId: principal.tenantId }, orderBy: { createdAt: 'desc' }, take: first });
  }

  /** The job now, then after every step, until it completes or fails. */
  async *watch(principal: Principal, requestId: string): AsyncGenerator<ErasureProgressEvent> {
    const job = await this.get(principal, requestId);
    const live = this.events.subscribe(erasureTopic(job.id));
    try {
      const current = await this.db.erasureRequest.findUniqueOrThrow({ where: { id: job.id } });
      yield { requestId: job.id, status: current.status, step: null, steps: current.steps as unknown as ErasureStep[], at: new Date() };
      if (current.status === 'COMPLETED' || current.status === 'FAILED') return;
      for await (const event of live) {
        yield event;
        if (event.status === 'COMPLETED' || event.status === 'FAILED') return;
      }
    } finally {
      await live.return?.(undefined);
    }
  }

  /** After a restart: every job that was pending or running continues from its last step. */
  async resumeInterrupted(): Promise<number> {
    const open = await this.db.erasureRequest.findMany({ where: { status: { in: ['PENDING', 'RUNNING'] } }, select: { id: true } });
    for (const job of open) this.start(job.id);
    return open.length;
  }

  /** Waits for every job started by this process. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  private start(requestId: string): void {
    if (this.running.has(requestId)) return;
    const run = this.run(requestId)
      .catch((error) => log.error({ err: error, requestId }, 'erasure job stopped'))
      .finally(() => this.running.delete(requestId));
    this.running.set(requestId, run);
  }

  private publish(job: { id: string; status: ErasureRequestRow['status'] }, step: ErasureStepName | null, steps: ErasureStep[]): void {
    this.events.publish(erasureTopic(job.id), { requestId: job.id, status: job.status, step, steps, at: new Date() });
  }

  private async run(requestId: string): Promise<void> {
    let job = await this.db.erasureRequest.findUniqueOrThrow({ where: { id: requestId } });
    if (job.status === 'COMPLETED' || job.status === 'FAILED') return;
    job = await this.db.erasureRequest.update({ where: { id: requestId }, data: { status: 'RUNNING', startedAt: job.startedAt ?? new Date(), attempts: { increment: 1 } } });
    const userId = job.subjectUserId;
    if (!userId) throw new Error('an open erasure job lost its subject');
    const steps = job.steps as unknown as ErasureStep[];
    let verification: ErasureVerification | null = (job.verification as ErasureVerification | null) ?? null;
    try {
      for (const step of steps) {
        if (step.status === 'DONE') continue;
        // One span per step: ids and counts only; the subject appears as its keyed hash.
        await withSpan(`erasure.${step.name}`, { 'suanni.erasure.request_id': job.id, 'suanni.erasure.step': step.name, [ATTR.tenantId]: job.tenantId }, async (span) => {
          await this.runStep(job, userId, step, steps, (result) => (verification = result));
          span.setAttributes({ 'suanni.erasure.count_before': step.countBefore ?? -1, 'suanni.erasure.count_after': step.countAfter ?? -1 });
        });
        step.status = 'DONE';
        await this.db.erasureRequest.update({ where: { id: requestId }, data: { steps: steps as never, verification: (verification ?? undefined) as never } });
        this.publish(job, step.name, steps);
        if (this.options.faultAfterStep === step.name && job.attempts === 1) throw new Error(`injected fault after ${step.name}`);
      }
      const completed = await this.db.erasureRequest.update({ where: { id: requestId }, data: { status: 'COMPLETED', completedAt: new Date(), subjectUserId: null } });
      this.options.metrics?.erasures.inc({ outcome: 'completed' });
      for (const step of steps) if (STEP_STORES[step.name] && step.countBefore) this.options.metrics?.erasedItems.inc({ store: step.name }, step.countBefore);
      this.publish(completed, null, steps);
      log.info({ requestId, steps: steps.length }, 'erasure completed');
    } catch (error) {
      // The job stays RUNNING: a crash and this are the same to the next start, which resumes it.
      if (error instanceof AppError && error.code === 'INTERNAL') {
        await this.db.erasureRequest.update({ where: { id: requestId }, data: { status: 'FAILED', error: error.message } });
        this.options.metrics?.erasures.inc({ outcome: 'failed' });
        this.publish({ id: requestId, status: 'FAILED' }, null, steps);
      }
      throw error;
    }
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
        break;
      case 'facts':
        await this.db.fact.deleteMany({ where: { userId } });
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
        this.memory.forgetTraces(userId);
        break;
      case 'progress-events':
        this.memory.forgetProgress(userId);
        break;
      case 'user':
        await this.db.user.deleteMany({ where: { id: userId } });
        break;
      case 'verify': {
        const counts = await inventory(this.db, this.memory, userId);
        const allZero = Object.values(counts).every((count) => count === 0);
        setVerification({ counts, allZero, verifiedAt: new Date().toISOString() });
        step.countBefore = Object.values(counts).reduce((a, b) => a + b, 0);
        step.countAfter = step.countBefore;
        if (!allZero) throw new AppError('INTERNAL', `Verification found data left: ${JSON.stringify(counts)}`);
        return;
      }
      case 'audit': {
        const before = steps.filter((other) => STEP_STORES[other.name]).map((other) => [other.name, other.countBefore ?? 0]);
        // Append-only table: the request id makes a retried audit step a no-op.
        const exists = await this.db.erasureAudit.count({ where: { requestId: job.id } });
        if (!exists) {
          await this.db.erasureAudit.create({
            data: { tenantId: job.tenantId, requestId: job.id, subjectHash: job.subjectHash, requestedBy: job.requestedBy, requestedAt: job.createdAt, completedAt: new Date(), counts: Object.fromEntries(before) },
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
