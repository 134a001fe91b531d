import type { AuditLog } from '../audit/service.js';
import type { Database } from '../platform/db/prisma.js';
import { prismaRunner, WRITE_TRANSACTION, type SqlRunner } from '../platform/db/write-barrier.js';
import { forbidden, notFound, unauthenticated } from '../platform/errors.js';
import type { Principal, Role } from './principal.js';
import { hasRole } from './principal.js';
import type { TokenClaims } from './tokens.js';

const PROVISION_CACHE_TTL_MS = 60_000;
const PROVISION_CACHE_MAX = 10_000;

interface CachedIdentity {
  userId: string;
  tenantId: string;
  rolesKey: string;
  expiresAt: number;
}

/** What provisioning asks of erasure (the tombstones implement it). */
export interface ErasedSubjects {
  /**
   * Inside the provisioning transaction: orders it against an erasure of the subject (as the
   * write barrier does for a user's data) and returns when the subject was erased, or null.
   */
  lockSubject(run: SqlRunner, tenantKey: string, subject: string): Promise<Date | null>;
}

/**
 * Turns verified token claims into a principal, creating the tenant and user on first sight
 * (just-in-time provisioning) and keeping the stored roles in step with the token.
 */
export class IdentityService {
  private readonly cache = new Map<string, CachedIdentity>();

  constructor(
    private readonly db: Database,
    /** Erased subjects; consulted in the same transaction that provisions a token's subject. */
    private readonly erasures: ErasedSubjects,
    private readonly audit: AuditLog,
  ) {}

  /** Provisions (or refreshes) the tenant and user named by the claims. */
  async principalFor(claims: TokenClaims): Promise<Principal> {
    const cacheKey = `${claims.tenantKey}\u0000${claims.subject}`;
    const rolesKey = [...claims.roles].sort().join(',');
    const cached = this.cache.get(cacheKey);
    let ids: { userId: string; tenantId: string };
    if (cached && cached.expiresAt > Date.now() && cached.rolesKey === rolesKey) {
      ids = cached;
    } else {
      ids = await this.provision(claims);
      if (this.cache.size >= PROVISION_CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(cacheKey, { ...ids, rolesKey, expiresAt: Date.now() + PROVISION_CACHE_TTL_MS });
    }
    return {
      userId: ids.userId,
      tenantId: ids.tenantId,
      tenantKey: claims.tenantKey,
      subject: claims.subject,
      roles: claims.roles,
      tokenExpiresAt: claims.expiresAt,
    };
  }

  /** Drops cached identities so the next request re-reads the database. */
  forgetCachedIdentities(): void {
    this.cache.clear();
  }

  /**
   * Upserts tenant and user. The erasure check runs inside the same transaction, under the
   * subject's erasure lock: a token checked just before an erasure cannot re-create the user
   * after the erasure deleted it.
   */
  private async provision(claims: TokenClaims, attempt = 0): Promise<{ userId: string; tenantId: string }> {
    try {
      return await this.db.$transaction(async (tx) => {
        const erasedAt = await this.erasures.lockSubject(prismaRunner(tx), claims.tenantKey, claims.subject);
        // A token from before the erasure must not re-create the user it named.
        if (erasedAt && (!claims.issuedAt || claims.issuedAt.getTime() <= erasedAt.getTime())) {
          throw unauthenticated('Token was issued before this subject was erased.');
        }
        const tenant = await tx.tenant.upsert({
          where: { key: claims.tenantKey },
          create: { key: claims.tenantKey },
          update: {},
          select: { id: true },
        });
        const user = await tx.user.upsert({
          where: { tenantId_subject: { tenantId: tenant.id, subject: claims.subject } },
          create: { tenantId: tenant.id, subject: claims.subject, roles: claims.roles as Role[] },
          update: { roles: claims.roles as Role[], lastSeenAt: new Date() },
          select: { id: true },
        });
        return { userId: user.id, tenantId: tenant.id };
      }, WRITE_TRANSACTION);
    } catch (error) {
      // Two first requests of a new user race on the unique keys; the loser reads the winner's row.
      if (attempt < 2 && (error as { code?: string }).code === 'P2002') return this.provision(claims, attempt + 1);
      throw error;
    }
  }

  /** The caller's own user row. */
  async me(principal: Principal) {
    const user = await this.db.user.findUnique({ where: { id: principal.userId } });
    if (!user) throw notFound('User');
    return user;
  }

  /** A user of the caller's tenant: the caller, or anyone for an ADMIN of the tenant. */
  async user(principal: Principal, userId: string) {
    if (userId !== principal.userId && !hasRole(principal, 'ADMIN')) throw forbidden();
    const user = await this.db.user.findUnique({ where: { id: userId } });
    if (!user || user.tenantId !== principal.tenantId) throw notFound('User');
    return user;
  }

  /** The caller's own tenant. */
  async tenant(principal: Principal) {
    return this.db.tenant.findUniqueOrThrow({ where: { id: principal.tenantId } });
  }

  /** Users of the caller's tenant; ADMIN only. */
  async listTenantUsers(principal: Principal, options: { first: number }) {
    return this.audit.record(principal, 'TENANT_USERS_LIST', () => {
      if (!hasRole(principal, 'ADMIN')) throw forbidden('Only an ADMIN may list the users of a tenant.');
      return this.db.user.findMany({
        where: { tenantId: principal.tenantId },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take: options.first,
      });
    });
  }
}
