export const ROLES = ['USER', 'ADMIN', 'COMPLIANCE', 'SRE', 'REVIEWER'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who is calling, established only from a verified token and provisioned in the database.
 * Never built from arguments, headers or connection params.
 */
export interface Principal {
  /** Internal user id (UUID); the key every per-user store is namespaced by. */
  userId: string;
  tenantId: string;
  /** The tenant key from the token's `tenant` claim. */
  tenantKey: string;
  /** The token's `sub` claim. */
  subject: string;
  roles: readonly Role[];
  /** When the presented token stops being accepted (`exp` plus the clock tolerance); sockets and streams end at this instant. */
  tokenExpiresAt: Date | null;
}

export const hasRole = (principal: Principal | null | undefined, role: Role) => principal?.roles.includes(role) ?? false;
