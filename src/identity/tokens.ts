import { createRemoteJWKSet, errors as joseErrors, jwtVerify, SignJWT, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { unauthenticated } from '../platform/errors.js';
import { ExpiringCache } from '../platform/expiring-cache.js';
import { ROLES, type Role } from './principal.js';

/** The identity a verified token asserts, before it is provisioned. */
export interface TokenClaims {
  subject: string;
  tenantKey: string;
  roles: readonly Role[];
  issuedAt: Date | null;
  expiresAt: Date | null;
}

export interface TokenVerifierOptions {
  /** HS256 shared secret. */
  secret?: string;
  /** JWKS endpoint for asymmetric keys (RS256, PS256, ES256, EdDSA). */
  jwksUrl?: string;
  issuer: string;
  audience: string;
  /**
   * The longest lifetime accepted, `exp` minus `iat` (minus now without `iat`), in seconds
   * (AUTH_MAX_TOKEN_LIFETIME_SECONDS); a longer-lived token is refused UNAUTHENTICATED.
   */
  maxLifetimeSeconds?: number;
  /** Verified tokens remembered (see {@link VERIFIED_TOKEN_CACHE}); tests pass a small one and a clock. */
  cache?: { maxEntries: number; maxAgeMs: number; now?: () => number };
}

/**
 * Verified tokens are remembered by their exact text until they expire (plus the clock
 * tolerance), at most 5 minutes, 10,000 of them: a client sends the same token with every request,
 * and verifying it again (HMAC or signature, claim checks) was the largest cost of a cheap request.
 * Only successes are kept. The 5 minutes bound how long a token stays accepted after its key left
 * the JWKS; the JWKS itself is cached for 10.
 */
export const VERIFIED_TOKEN_CACHE = { maxEntries: 10_000, maxAgeMs: 5 * 60_000 } as const;
/** Longer strings are verified every time rather than held in memory. */
const MAX_CACHED_TOKEN_LENGTH = 8_192;

export interface TokenVerifier {
  verify(token: string): Promise<TokenClaims>;
  /** Verified tokens held in memory now (expired ones not yet dropped included). */
  readonly cachedTokens?: number;
}

const subjectPattern = /^[A-Za-z0-9._@|:+-]{1,200}$/;
const tenantPattern = /^[a-z0-9][a-z0-9._-]{0,62}$/;
const asymmetricAlgorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** Reads the claims Suanni relies on; anything malformed is a rejection, not a guess. */
export function claimsFromPayload(payload: JWTPayload): TokenClaims {
  const { sub, tenant, roles } = payload as JWTPayload & { tenant?: unknown; roles?: unknown };
  if (typeof sub !== 'string' || !subjectPattern.test(sub)) throw unauthenticated('Token subject (sub) is missing or malformed.');
  if (typeof tenant !== 'string' || !tenantPattern.test(tenant)) throw unauthenticated('Token tenant claim is missing or malformed.');
  if (roles !== undefined && !(Array.isArray(roles) && roles.every((role) => typeof role === 'string'))) {
    throw unauthenticated('Token roles claim must be a list of strings.');
  }
  // Identity providers add roles of their own; keep the ones Suanni knows.
  const known = [
    ...new Set(((roles as string[] | undefined) ?? []).filter((role): role is Role => (ROLES as readonly string[]).includes(role))),
  ];
  return {
    subject: sub,
    tenantKey: tenant,
    roles: known.length > 0 ? known : ['USER'],
    issuedAt: payload.iat === undefined ? null : new Date(payload.iat * 1000),
    expiresAt: payload.exp === undefined ? null : new Date(payload.exp * 1000),
  };
}

/** Clock skew accepted between the token issuer and this gateway. */
export const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * The instant a token stops being accepted: its `exp` plus the clock tolerance, as jose checks it.
 * HTTP requests, sockets and SSE streams all end at this one instant, so a token a second past
 * `exp` is not accepted over HTTP and refused on a socket.
 */
export function acceptedUntil(expiresAt: Date | null): Date | null {
  return expiresAt && new Date(expiresAt.getTime() + CLOCK_TOLERANCE_SECONDS * 1000);
}

/**
 * A token may not live longer than `maxSeconds` from its issue (`exp - iat`; from now when it has
 * no `iat`): a leaked long-lived token is a long-lived breach, and the gateway cannot revoke one.
 */
export function assertLifetimeWithin(payload: JWTPayload, maxSeconds: number, now: Date = new Date()): void {
  if (typeof payload.exp !== 'number') return;
  const issuedAt = typeof payload.iat === 'number' ? payload.iat : now.getTime() / 1000;
  if (payload.exp - issuedAt > maxSeconds)
    throw unauthenticated(`Token lifetime exceeds the maximum of ${maxSeconds} seconds (exp - iat); ask for a shorter-lived token.`);
}

/**
 * jose checks `iat` against the clock only with `maxTokenAge`. A token issued in the future must
 * not pass: the erasure tombstone accepts tokens issued after the erasure, so a future `iat`
 * would outlive it.
 */
export function assertIssuedInThePast(payload: JWTPayload, now: Date = new Date()): void {
  if (payload.iat === undefined) return;
  if (typeof payload.iat !== 'number' || !Number.isFinite(payload.iat)) throw unauthenticated('Token claim iat is invalid.');
  if (payload.iat > now.getTime() / 1000 + CLOCK_TOLERANCE_SECONDS) throw unauthenticated('Token is issued in the future (iat).');
}

function describeRejection(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'Token has expired.';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'nbf') return 'Token is not yet valid.';
    if (error.claim === 'iss') return 'Token issuer is not accepted.';
    if (error.claim === 'aud') return 'Token audience is not accepted.';
    return `Token claim ${error.claim} is invalid.`;
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'Token algorithm is not accepted.';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'Token signature is invalid.';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'Token signing key is unknown.';
  return 'Token is invalid.';
}

/**
 * Verifies bearer JWTs with jose. Only the configured algorithm family is accepted, so
 * `alg: none` and algorithm-confusion tokens fail; `exp`, `nbf`, `iss` and `aud` are checked.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  let key: Uint8Array | JWTVerifyGetKey;
  let algorithms: string[];
  if (options.jwksUrl) {
    key = createRemoteJWKSet(new URL(options.jwksUrl), { cacheMaxAge: 10 * 60_000, timeoutDuration: 5_000 });
    algorithms = asymmetricAlgorithms;
  } else if (options.secret) {
    key = new TextEncoder().encode(options.secret);
    algorithms = ['HS256'];
  } else {
    throw new Error('token verification needs a secret or a JWKS URL');
  }
  const cacheOptions: NonNullable<TokenVerifierOptions['cache']> = options.cache ?? VERIFIED_TOKEN_CACHE;
  const now = cacheOptions.now ?? Date.now;
  const verified = new ExpiringCache<string, TokenClaims>(cacheOptions.maxEntries, now);
  return {
    async verify(token) {
      const cached = verified.get(token);
      if (cached) return cached;
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, key as Uint8Array, {
          algorithms,
          issuer: options.issuer,
          audience: options.audience,
          requiredClaims: ['sub', 'exp'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          currentDate: new Date(now()),
        }));
      } catch (error) {
        throw unauthenticated(describeRejection(error));
      }
      assertIssuedInThePast(payload, new Date(now()));
      if (options.maxLifetimeSeconds !== undefined) assertLifetimeWithin(payload, options.maxLifetimeSeconds, new Date(now()));
      // Shared by every request that presents this token: nobody may change it.
      const claims = claimsFromPayload(payload);
      Object.freeze(claims.roles);
      Object.freeze(claims);
      if (token.length <= MAX_CACHED_TOKEN_LENGTH) {
        // Kept while jose would still accept it: `exp` is required, and checked with the tolerance.
        verified.set(token, claims, Math.min(acceptedUntil(claims.expiresAt)!.getTime(), now() + cacheOptions.maxAgeMs));
      }
      return claims;
    },
    get cachedTokens() {
      return verified.size;
    },
  };
}

export interface DevelopmentTokenRequest {
  secret: string;
  issuer: string;
  audience: string;
  subject: string;
  tenant: string;
  roles: Role[];
  /** A jose time span such as `1h` or `30m`. */
  expiresIn?: string;
}

/** Signs an HS256 token for development and tests. */
export async function signDevelopmentToken(request: DevelopmentTokenRequest): Promise<string> {
  return new SignJWT({ tenant: request.tenant, roles: request.roles })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(request.subject)
    .setIssuer(request.issuer)
    .setAudience(request.audience)
    .setIssuedAt()
    .setExpirationTime(request.expiresIn ?? '12h')
    .sign(new TextEncoder().encode(request.secret));
}

/** Extracts the token from an `Authorization: Bearer …` value. */
export function bearerToken(header: string | null | undefined): string | null {
  if (!header) return null;
  // Repeated headers arrive joined with ", "; a JWT never holds a comma.
  if (header.includes(',')) throw unauthenticated('Send exactly one Authorization header with one bearer token; several were received.');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthenticated('Authorization must use the Bearer scheme.');
  return match[1]!;
}
