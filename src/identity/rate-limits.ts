import type { AuditLog } from '../audit/service.js';
import { ExpiringCache, SharedLoads } from '../platform/expiring-cache.js';
import type { Database } from '../platform/db/prisma.js';
import type { Prisma } from '../generated/prisma/client.js';
import { badUserInput, forbidden } from '../platform/errors.js';
import {
  ALLOWED,
  type ClassCosts,
  type ClassLimits,
  OPERATION_CLASSES,
  type OperationClass,
  RATE_SCOPES,
  type RateDecision,
  type RateLimits,
  type RateLimitStore,
  type RateScope,
} from '../platform/rate-limit/limits.js';
import { hasRole, type Principal } from './principal.js';

/** A tenant's limits by scope and class, as set or in effect. */
export type RateLimitTable = Record<RateScope, ClassLimits>;

/** The input names of the six limits: `readsPerUser`, `modelPerTenant`, ... */
export type RateLimitField = `${OperationClass}Per${'User' | 'Tenant'}`;

const FIELDS: { field: RateLimitField; scope: RateScope; operationClass: OperationClass }[] = RATE_SCOPES.flatMap((scope) =>
  OPERATION_CLASSES.map((operationClass) => ({
    field: `${operationClass}Per${scope === 'user' ? 'User' : 'Tenant'}` as RateLimitField,
    scope,
    operationClass,
  })),
);

/** How long a process trusts the limits it read: another gateway's change is seen within this. */
const SETTINGS_TTL_MS = 5_000;
/** Tenants whose limits are held at once. */
const SETTINGS_CACHE_TENANTS = 10_000;

export interface RateLimitSettings {
  enabled: boolean;
  periodMs: number;
  defaults: RateLimitTable;
  ceilings: RateLimitTable;
  /** Names the ceiling in a refusal (the environment variable that sets it). */
  ceilingVariable(scope: RateScope, operationClass: OperationClass): string;
}

/** One limit as a tenant's ADMIN sees it. */
export interface EffectiveRateLimit {
  operationClass: OperationClass;
  scope: RateScope;
  limit: number;
  defaultLimit: number;
  ceiling: number;
  /** True when the tenant set it; false when it is the server's default. */
  custom: boolean;
  periodSeconds: number;
}

/**
 * Rate limits per user and per tenant by operation class. The server sets defaults and
 * ceilings; a tenant's ADMIN may set the tenant's own limits between 1 and the ceiling. Every
 * operation is charged through `consume` (the GraphQL edge does it); the buckets live in `store`
 * (this process, or Redis shared by every gateway).
 */
export class RateLimitService {
  /** Each tenant's limits for a few seconds; bounded, since every tenant that calls has an entry. */
  private readonly cache = new ExpiringCache<string, RateLimits>(SETTINGS_CACHE_TENANTS);
  private readonly loads = new SharedLoads<string, RateLimits>();

  constructor(
    private readonly db: Database,
    private readonly store: RateLimitStore,
    private readonly settings: RateLimitSettings,
    private readonly audit: AuditLog,
  ) {}

  /** Charges one operation of the principal; a refusal says which bucket and for how long. */
  consume(principal: Principal, costs: ClassCosts): RateDecision | Promise<RateDecision> {
    if (!this.settings.enabled) return ALLOWED;
    const cached = this.cache.get(principal.tenantId);
    if (cached) return this.store.consume(principal, costs, cached);
    return this.limitsFor(principal.tenantId).then((limits) => this.store.consume(principal, costs, limits));
  }

  /** The limits in effect for a tenant (cached for a few seconds). */
  async limitsFor(tenantId: string): Promise<RateLimits> {
    return (
      this.cache.get(tenantId) ??
      this.loads.run(tenantId, async () => {
        const limits: RateLimits = { ...(await this.read(tenantId)), periodMs: this.settings.periodMs };
        this.cache.set(tenantId, limits, Date.now() + SETTINGS_TTL_MS);
        return limits;
      })
    );
  }

  private async read(tenantId: string, db: Pick<Database, 'tenantRateLimit'> = this.db): Promise<RateLimitTable> {
    return this.effective(await db.tenantRateLimit.findUnique({ where: { tenantId } }));
  }

  /** The limits in effect given the tenant's own (null: none set). */
  private effective(row: Partial<Record<RateLimitField, number | null>> | null): RateLimitTable {
    const table: RateLimitTable = { user: { ...this.settings.defaults.user }, tenant: { ...this.settings.defaults.tenant } };
    for (const { field, scope, operationClass } of FIELDS) {
      const own = row?.[field];
      // A ceiling lowered after the tenant set its limit caps it.
      if (own !== null && own !== undefined) table[scope][operationClass] = Math.min(own, this.settings.ceilings[scope][operationClass]);
    }
    return table;
  }

  /** The tenant's limits with their defaults and ceilings (ADMIN); the read is audited (TENANT_RATE_LIMITS_READ). */
  describe(principal: Principal): Promise<EffectiveRateLimit[]> {
    return this.audit.record(
      principal,
      'TENANT_RATE_LIMITS_READ',
      () => {
        if (!hasRole(principal, 'ADMIN')) throw forbidden('Only an ADMIN may see the rate limits of the tenant.');
        return this.inEffect(principal.tenantId);
      },
      { targetIds: [principal.tenantId] },
    );
  }

  /** Sets the tenant's limits (see {@link setLimits}) and returns those in effect (part of that change's record). */
  async setLimitsAndDescribe(principal: Principal, input: Partial<Record<RateLimitField, number | null>>): Promise<EffectiveRateLimit[]> {
    await this.setLimits(principal, input);
    return this.inEffect(principal.tenantId);
  }

  private async inEffect(tenantId: string): Promise<EffectiveRateLimit[]> {
    const row = await this.db.tenantRateLimit.findUnique({ where: { tenantId } });
    const table = this.effective(row);
    return FIELDS.map(({ field, scope, operationClass }) => ({
      operationClass,
      scope,
      limit: table[scope][operationClass],
      defaultLimit: this.settings.defaults[scope][operationClass],
      ceiling: this.settings.ceilings[scope][operationClass],
      custom: row?.[field] !== null && row?.[field] !== undefined,
      periodSeconds: this.settings.periodMs / 1000,
    }));
  }

  /**
   * Sets the tenant's own limits (ADMIN): each between 1 and its ceiling; null returns a limit
   * to the default, an omitted one stays. Returns the limits in effect before and after (what an
   * audit record of the change holds).
   */
  async setLimits(
    principal: Principal,
    input: Partial<Record<RateLimitField, number | null>>,
  ): Promise<{ before: RateLimitTable; after: RateLimitTable }> {
    const tenantId = principal.tenantId;
    const change = await this.audit.recordTransaction(principal, 'RATE_LIMIT_SET', (tx) => this.writeLimits(tx, principal, input), {
      targetIds: [tenantId],
    });
    // This process sees the change at once; other gateways within SETTINGS_TTL_MS.
    this.cache.delete(tenantId);
    return change;
  }

  private async writeLimits(
    tx: Prisma.TransactionClient,
    principal: Principal,
    input: Partial<Record<RateLimitField, number | null>>,
  ): Promise<{ before: RateLimitTable; after: RateLimitTable }> {
    if (!hasRole(principal, 'ADMIN')) throw forbidden('Only an ADMIN may set the rate limits of the tenant.');
    const data: Partial<Record<RateLimitField, number | null>> = {};
    for (const { field, scope, operationClass } of FIELDS) {
      const value = input[field];
      if (value === undefined) continue;
      if (value !== null) {
        if (!Number.isSafeInteger(value) || value < 1) throw badUserInput(`${field} must be a whole number of at least 1, or null.`, field);
        const ceiling = this.settings.ceilings[scope][operationClass];
        if (value > ceiling) {
          const error = badUserInput(
            `${field} of ${value} is above the server's ceiling of ${ceiling} (${this.settings.ceilingVariable(scope, operationClass)}).`,
            field,
          );
          Object.assign(error.details, { ceiling });
          throw error;
        }
      }
      data[field] = value;
    }
    const tenantId = principal.tenantId;
    const before = await this.read(tenantId, tx);
    await tx.tenantRateLimit.upsert({
      where: { tenantId },
      create: { tenantId, ...data, updatedAt: new Date() },
      update: { ...data, updatedAt: new Date() },
    });
    return { before, after: await this.read(tenantId, tx) };
  }
}
