// Every operation the console sends; graphql-codegen types them from schema.graphql.
import { graphql } from './gql';

export const MeQuery = graphql(`
  query ConsoleMe {
    me { id subject roles tenant { key } }
  }
`);

export const ReviewsQuery = graphql(`
  query ConsoleReviews($first: Int) {
    reviews(first: $first) {
      nodes { id title contractId status riskLevel riskScore createdAt finishedAt batchId traceId }
    }
  }
`);

export const ReviewQuery = graphql(`
  query ConsoleReview($id: ID!) {
    review(id: $id) {
      id title contractId status riskLevel riskScore asOf createdAt startedAt finishedAt
      language provider model degraded flags traceId batchId text
      error { code message }
      findings {
        id clause clauseIndex message severity knowledgeId version evidence { start end }
        confidence threshold modelStatus status decision { verdict reason decidedAt }
      }
      knowledgeUsed { knowledgeId version }
    }
  }
`);

export const ReviewQueueQuery = graphql(`
  query ConsoleReviewQueue($first: Int) {
    reviews(filter: { scope: TENANT, needsReview: true }, first: $first) {
      nodes { id title contractId createdAt findings { status } }
    }
  }
`);

export const ConfirmFindingMutation = graphql(`
  mutation ConsoleConfirmFinding($id: ID!) {
    confirmFinding(id: $id) { id status decision { verdict reason decidedAt } }
  }
`);

export const RejectFindingMutation = graphql(`
  mutation ConsoleRejectFinding($id: ID!, $reason: String!) {
    rejectFinding(id: $id, reason: $reason) { id status decision { verdict reason decidedAt } }
  }
`);

export const SubmitReviewMutation = graphql(`
  mutation ConsoleSubmitReview($input: ReviewInput!) {
    submitReview(input: $input) { id status }
  }
`);

export const SubmitBatchMutation = graphql(`
  mutation ConsoleSubmitBatch($inputs: [ReviewInput!]!) {
    submitReviewBatch(inputs: $inputs) { id total }
  }
`);

export const ReplayMutation = graphql(`
  mutation ConsoleReplay($id: ID!) {
    replayReview(id: $id) { identical differences }
  }
`);

export const CancelReviewMutation = graphql(`
  mutation ConsoleCancelReview($id: ID!) {
    cancelReview(id: $id) { id status }
  }
`);

export const ReviewProgressSubscription = graphql(`
  subscription ConsoleReviewProgress($reviewId: ID!) {
    reviewProgress(reviewId: $reviewId) { sequence kind node status durationMs errorCode at }
  }
`);

export const BatchReviewsQuery = graphql(`
  query ConsoleBatchReviews($id: ID!) {
    reviewBatch(id: $id) { reviews { id title status error { code message } } }
  }
`);

export const BatchProgressSubscription = graphql(`
  subscription ConsoleBatchProgress($batchId: ID!) {
    reviewBatchProgress(batchId: $batchId) { batchId completed total succeeded failed at }
  }
`);

export const KnowledgeAsOfQuery = graphql(`
  query ConsoleKnowledgeAsOf($asOf: DateTime, $knownAt: DateTime) {
    knowledge(asOf: $asOf, knownAt: $knownAt) { id knowledgeId version kind content validFrom validUntil recordedAt retractedAt source global }
  }
`);

export const KnowledgeHistoryQuery = graphql(`
  query ConsoleKnowledgeHistory($knowledgeId: ID!) {
    knowledgeHistory(knowledgeId: $knowledgeId) { id knowledgeId version kind content validFrom validUntil recordedAt retractedAt source global }
  }
`);

export const PutKnowledgeVersionMutation = graphql(`
  mutation ConsolePutKnowledgeVersion($input: KnowledgeVersionInput!) {
    putKnowledgeVersion(input: $input) { id knowledgeId version }
  }
`);

export const RetractKnowledgeVersionMutation = graphql(`
  mutation ConsoleRetractKnowledgeVersion($knowledgeId: ID!, $version: String!) {
    retractKnowledgeVersion(knowledgeId: $knowledgeId, version: $version) { id retractedAt }
  }
`);

export const SessionsQuery = graphql(`
  query ConsoleSessions {
    sessions(first: 50, includeClosed: false) { id title createdAt }
  }
`);

export const CreateSessionMutation = graphql(`
  mutation ConsoleCreateSession($title: String!) {
    createSession(title: $title) { id title createdAt }
  }
`);

export const MemoryQuery = graphql(`
  query ConsoleMemory($sessionId: ID!) {
    thread(sessionId: $sessionId) { summary checkpointCount messages(last: 40) { role content createdAt } }
    facts { category key value version source confirmedAt }
  }
`);

export const SendMessageMutation = graphql(`
  mutation ConsoleSendMessage($sessionId: ID!, $text: String!) {
    sendMessage(sessionId: $sessionId, text: $text) {
      reply
      proposedFacts { category key value }
      context { budget promptTokens promptTokensSource factsUsed summaryLength turnsIncluded degraded degradedReasons provider model }
    }
  }
`);

export const ReplyTurnSubscription = graphql(`
  subscription ConsoleReplyTurn($sessionId: ID!, $text: String!) {
    replyTurn(sessionId: $sessionId, text: $text) {
      delta
      turn {
        reply
        proposedFacts { category key value }
        context { budget promptTokens promptTokensSource factsUsed summaryLength turnsIncluded degraded degradedReasons provider model }
      }
    }
  }
`);

export const ConfirmFactMutation = graphql(`
  mutation ConsoleConfirmFact($category: String!, $key: String!, $value: JSON!) {
    confirmFact(category: $category, key: $key, value: $value) { category key version }
  }
`);

export const TracesQuery = graphql(`
  query ConsoleTraces($filter: TraceFilter, $first: Int) {
    traces(filter: $filter, first: $first) { traceId rootName startTime durationMs spanCount errorCodes }
  }
`);

export const ReviewGraphQuery = graphql(`
  query ConsoleReviewGraph {
    reviewStateContract { graph nodes { name description reads writes } edges { from to } }
  }
`);

export const TraceQuery = graphql(`
  query ConsoleTrace($id: ID!) {
    trace(id: $id) {
      traceId rootName startTime durationMs spanCount droppedSpans errorCodes
      spans {
        spanId parentSpanId name kind depth startTime durationMs
        status { code message }
        attributes { key value }
        events { name time }
      }
    }
  }
`);

export const AdminStatsQuery = graphql(`
  query ConsoleAdminStats($window: String) {
    adminStats(window: $window) {
      window from to
      reviews { total succeeded failed successRate latencyMs { p50 p90 p95 p99 max } }
      queue { depth running concurrency }
      database { pool { total idle waiting max } connections { state count } }
    }
  }
`);


export const ErasureRequestsQuery = graphql(`
  query ConsoleErasureRequests {
    erasureRequests(first: 50) {
      id status subjectHash createdAt completedAt attempts
      steps { name status countBefore countAfter }
      verification { allZero verifiedAt counts { store count } }
    }
  }
`);

export const TenantUsersQuery = graphql(`
  query ConsoleTenantUsers {
    tenantUsers(first: 100) { id subject roles }
  }
`);

export const RequestErasureMutation = graphql(`
  mutation ConsoleRequestErasure($userId: ID) {
    requestErasure(userId: $userId) {
      id status subjectHash createdAt completedAt attempts
      steps { name status countBefore countAfter }
      verification { allZero verifiedAt counts { store count } }
    }
  }
`);

export const ErasureRequestQuery = graphql(`
  query ConsoleErasureRequest($id: ID!) {
    erasureRequest(id: $id) {
      id status subjectHash createdAt completedAt attempts
      steps { name status countBefore countAfter }
      verification { allZero verifiedAt counts { store count } }
    }
  }
`);

export const ErasureProgressSubscription = graphql(`
  subscription ConsoleErasureProgress($id: ID!) {
    erasureProgress(id: $id) { requestId status step at steps { name status countBefore countAfter } }
  }
`);

export const AuditLogQuery = graphql(`
  query ConsoleAuditLog($filter: AuditFilter, $first: Int, $after: String) {
    auditLog(filter: $filter, first: $first, after: $after) {
      hasNextPage endCursor
      nodes { id at actorId actorRoles action targetIds outcome errorCode traceId }
    }
  }
`);
