import type { AuditLog } from '../audit/service.js';
import type { Database } from '../platform/db/prisma.js';
import { prismaRunner, WRITE_TRANSACTION, type SqlRunner } from '../platform/db/write-barrier.js';
import { forbidden, notFound, unauthenticated } from '../platform/errors.js';
import { ExpiringCache, SharedLoads } from '../platform/expiring-cache.js';
import type { Principal, Role } from './principal.js';
import { hasRole } from './principal.js';
import { acceptedUntil, type TokenClaims } from './tokens.js';

const PROVISION_CACHE_TTL_MS = 60_000;
const PROVISION_CACHE_MAX = 10_000;

export type UserRow = Awaited<ReturnType<Database['user']['findUniqueOrThrow']>>;

/**
 * A subject provisioned by this process in the last minute: its ids, and its user row as the
 * provisioning wrote it (what `me` answers; provisioning is the only writer of a user row besides
 * erasure, which drops every cached identity).
 */
interface CachedIdentity {
  userId: string;
  tenantId: string;
  rolesKey: string;
  user: UserRow;
  /** When this subject was last erased (its user row is then a new one): older tokens stay refused. */
  erasedAt: Date | null;
}

const issuedBeforeErasure = (claims: TokenClaims, erasedAt: Date | null) =>
  erasedAt !== null && (!claims.issuedAt || claims.issuedAt.getTime() <= erasedAt.getTime());

const identityKey = (tenantKey: string, subject: string) => `${tenantKey}\u0000${subject}`;

/** What provisioning asks of erasure (the tombstones implement it). */
export interface ErasedSubjects {
  /**
   * Inside the provisioning transaction: orders it against an erasure of the subject (as the
   * write barrier does for a user's data) and returns when the subject was erased, or null.
   */
  lockSubject(run: SqlRunner, tenantKey: string, subject: string): Promise<Date | null>;
  /** Which of these users have been erased. */
  erasedAmong(userIds: Iterable<string>): Promise<Set<string>>;
}

/**
 * Turns verified token claims into a principal, creating the tenant and user on first sight
 * (just-in-time provisioning) and keeping the stored roles in step with the token.
 */
export class IdentityService {
  private readonly cache = new ExpiringCache<string, CachedIdentity>(PROVISION_CACHE_MAX);
  /** Concurrent first requests of one token share its provisioning. */
  private readonly provisioning = new SharedLoads<string, { user: UserRow; erasedAt: Date | null }>();
  /** Bumped by {@link forgetCachedIdentities}: a provisioning that started before must not fill the cache. */
  private generation = 0;

  constructor(
    private readonly db: Database,
    /** Erased subjects; consulted in the same transaction that provisions a token's subject. */
    private readonly erasures: ErasedSubjects,
    private readonly audit: AuditLog,
  ) {}

  /** Provisions (or refreshes) the tenant and user named by the claims. */
  async principalFor(claims: TokenClaims): Promise<Principal> {
    const cacheKey = identityKey(claims.tenantKey, claims.subject);
    const rolesKey = claims.roles.length === 1 ? claims.roles[0]! : [...claims.roles].sort().join(',');
    let ids = this.cache.get(cacheKey);
    if (ids && ids.rolesKey === rolesKey) {
      if (issuedBeforeErasure(claims, ids.erasedAt)) throw unauthenticated('Token was issued before this subject was erased.');
    } else {
      const generation = this.generation;
      // The erasure check depends on the token's iat, so only requests of the same token share.
      const { user, erasedAt } = await this.provisioning.run(`${cacheKey}\u0000${rolesKey}\u0000${claims.issuedAt?.getTime()}`, () =>
        this.provision(claims),
      );
      ids = { userId: user.id, tenantId: user.tenantId, rolesKey, user, erasedAt };
      if (generation === this.generation) this.cache.set(cacheKey, ids, Date.now() + PROVISION_CACHE_TTL_MS);
    }
    return {
      userId: ids.userId,
      tenantId: ids.tenantId,
      tenantKey: claims.tenantKey,
      subject: claims.subject,
      roles: claims.roles,
      tokenExpiresAt: acceptedUntil(claims.expiresAt),
    };
  }

  /**
   * Which of these users have been erased (the tombstones in PostgreSQL): what open sockets are
   * re-checked against, independent of the `userErased` event.
   */
  erasedAmong(userIds: Iterable<string>): Promise<Set<string>> {
    return this.erasures.erasedAmong(userIds);
  }

  /** Drops cached identities so the next request re-reads the database. */
  forgetCachedIdentities(): void {
    this.generation += 1;
    this.cache.clear();
  }

  /**
   * Upserts tenant and user. The erasure check runs inside the same transaction, under the
   * subject's erasure lock: a token checked just before an erasure cannot re-create the user
   * after the erasure deleted it.
   */
  private async provision(claims: TokenClaims, attempt = 0): Promise<{ user: UserRow; erasedAt: Date | null }> {
    try {
      return await this.db.$transaction(async (tx) => {
        const erasedAt = await this.erasures.lockSubject(prismaRunner(tx), claims.tenantKey, claims.subject);
        // A token from before the erasure must not re-create the user it named.
        if (issuedBeforeErasure(claims, erasedAt)) throw unauthenticated('Token was issued before this subject was erased.');
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
        });
        // Shared by every request of this subject for a minute (see `me`): nobody may change it.
        Object.freeze(user.roles);
        return { user: Object.freeze(user), erasedAt };
      }, WRITE_TRANSACTION);
    } catch (error) {
      // Two first requests of a new user race on the unique keys; the loser reads the winner's row.
      if (attempt < 2 && (error as { code?: string }).code === 'P2002') return this.provision(claims, attempt + 1);
      throw error;
    }
  }

  /**
   * The caller's own user row: as provisioned for this principal's token within the last minute
   * (no database round trip), or read.
   */
  async me(principal: Principal): Promise<UserRow> {
    const cached = this.cache.get(identityKey(principal.tenantKey, principal.subject));
    if (cached && cached.userId === principal.userId) return cached.user;
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
  /**
   * Users of the caller's tenant (ADMIN; COMPLIANCE too, who must find the id of a subject to erase),
   * oldest first; `subject` narrows to the user with that `sub` claim.
   */
  async listTenantUsers(principal: Principal, options: { first: number; subject?: string | null }) {
    return this.audit.record(principal, 'TENANT_USERS_LIST', () => {
      if (!hasRole(principal, 'ADMIN') && !hasRole(principal, 'COMPLIANCE'))
        throw forbidden('Only an ADMIN or COMPLIANCE may list the users of a tenant.');
      return this.db.user.findMany({
        where: { tenantId: principal.tenantId, ...(options.subject ? { subject: options.subject } : {}) },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take: options.first,
      });
    });
  }
}
