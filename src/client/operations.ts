/** Every operation the CLI sends; a unit test validates them against schema.graphql. */
export const REVIEW_FIELDS = `id status riskLevel riskScore error { code message }
  findings { clause severity message knowledgeId version evidence { start end } }`;
export const SUBMIT = `mutation SubmitReview($input: ReviewInput!) { submitReview(input: $input) { id } }`;
export const SUBMIT_BATCH = `mutation SubmitReviewBatch($inputs: [ReviewInput!]!) { submitReviewBatch(inputs: $inputs) { id total } }`;
export const BATCH_PROGRESS = `subscription BatchProgress($batchId: ID!) { reviewBatchProgress(batchId: $batchId) { completed total failed } }`;
export const REVIEW_PROGRESS = `subscription ReviewProgress($reviewId: ID!) { reviewProgress(reviewId: $reviewId) { kind status } }`;
export const BATCH_RESULTS = `query BatchResults($id: ID!) { reviewBatch(id: $id) { reviews { ${REVIEW_FIELDS} } } }`;
export const REVIEW_RESULT = `query ReviewResult($id: ID!) { review(id: $id) { ${REVIEW_FIELDS} } }`;

export const ERASURE_FIELDS =
  'id status subjectHash steps { name status countBefore countAfter } verification { allZero verifiedAt counts { store count } }';
export const REQUEST_ERASURE = `mutation Erase($userId: ID) { requestErasure(userId: $userId) { ${ERASURE_FIELDS} } }`;
export const ERASURE_PROGRESS = `subscription ErasureProgress($id: ID!) { erasureProgress(id: $id) { status step } }`;
export const ERASURE_REQUEST = `query ErasureJob($id: ID!) { erasureRequest(id: $id) { ${ERASURE_FIELDS} } }`;
export const TENANT_USERS = `query TenantUsers($subject: String, $first: Int) { tenantUsers(subject: $subject, first: $first) { id subject roles lastSeenAt } }`;
export const TRACE = `query Trace($id: ID!) { trace(id: $id) { traceId rootName durationMs spans { name depth durationMs startTime } } }`;
export const TRACES = `query Traces($filter: TraceFilter, $first: Int) { traces(filter: $filter, first: $first) { traceId rootName startTime durationMs spanCount errorCodes } }`;

/** Every document above: the gateway trusts them by hash (trusted documents), so the CLI works under `enforce`. */
export const CLI_OPERATIONS: readonly string[] = [
  SUBMIT,
  SUBMIT_BATCH,
  BATCH_PROGRESS,
  REVIEW_PROGRESS,
  BATCH_RESULTS,
  REVIEW_RESULT,
  REQUEST_ERASURE,
  ERASURE_PROGRESS,
  ERASURE_REQUEST,
  TENANT_USERS,
  TRACE,
  TRACES,
];
