import type { Config } from './config.js';
import type { AppDependencies } from './context.js';
import { IdentityService } from './identity/service.js';
import { SessionService } from './identity/sessions.js';
import { createTokenVerifier, type TokenVerifier } from './identity/tokens.js';
import { KnowledgeService } from './knowledge/service.js';
import type { Database } from './platform/db/prisma.js';
import { createEventBus } from './platform/pubsub.js';

/** Wires the services of every domain over one database and event bus. */
export function createDependencies(options: { config: Config; db: Database; tokens?: TokenVerifier; jwtSecret?: string }): AppDependencies {
  const { config, db } = options;
  const events = createEventBus();
  const tokens =
    options.tokens ??
    createTokenVerifier({
      secret: config.auth.jwtSecret ?? options.jwtSecret,
      jwksUrl: config.auth.jwksUrl,
      issuer: config.auth.issuer,
      audience: config.auth.audience,
    });
  return {
    config,
    db,
    events,
    tokens,
    services: {
      identity: new IdentityService(db),
      sessions: new SessionService(db, events),
      knowledge: new KnowledgeService(db),
    },
  };
}
