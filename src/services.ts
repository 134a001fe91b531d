import type { Config } from './config.js';
import type { AppDependencies } from './context.js';
import { IdentityService } from './identity/service.js';
import { SessionService } from './identity/sessions.js';
import { createTokenVerifier, type TokenVerifier } from './identity/tokens.js';
import { KnowledgeService } from './knowledge/service.js';
import { createModelProvider, type ModelProvider } from './platform/llm/provider.js';
import type { ReviewNode } from './review/agent/contract.js';
import { compileReviewGraph, type ReviewNodeName } from './review/agent/graph.js';
import { ReviewService } from './review/service.js';
import type { Database } from './platform/db/prisma.js';
import { createEventBus } from './platform/pubsub.js';

/** Wires the services of every domain over one database and event bus. */
export function createDependencies(options: {
  config: Config;
  db: Database;
  tokens?: TokenVerifier;
  jwtSecret?: string;
  provider?: ModelProvider;
  /** Replaces review graph nodes by name (tests inject faulty ones). */
  reviewNodeOverrides?: Partial<Record<ReviewNodeName, ReviewNode>>;
}): AppDependencies {
  const { config, db } = options;
  const provider = options.provider ?? createModelProvider(config.models);
  const knowledge = new KnowledgeService(db);
  const reviewGraph = compileReviewGraph({ provider }, { overrides: options.reviewNodeOverrides });
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
      knowledge,
      reviews: new ReviewService(db, events, knowledge, reviewGraph, provider, config.reviews),
    },
  };
}
