import type { Principal } from './principal.js';
import type { IdentityService } from './service.js';
import { bearerToken, type TokenVerifier } from './tokens.js';

/**
 * The only way a principal is made: verify the bearer token, then provision its subject.
 * Returns null when no token was presented; throws UNAUTHENTICATED for a bad one.
 */
export async function authenticate(
  authorization: string | null | undefined,
  tokens: TokenVerifier,
  identity: IdentityService,
): Promise<Principal | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const claims = await tokens.verify(token);
  return identity.principalFor(claims);
}
