import { useEffect, useState } from 'preact/hooks';
import { request, subscribe, type ApiError } from '../api';
import {
  AuditLogQuery,
  ErasureProgressSubscription,
  ErasureRequestQuery,
  ErasureRequestsQuery,
  RequestErasureMutation,
  TenantUsersQuery,
} from '../documents';
import type { AuditOutcome, ConsoleAuditLogQuery, ConsoleErasureRequestQuery } from '../gql/graphql';
import { ErrorMessage, Loading, StatusBadge, formatTime, toApiError, useLoad } from '../ui';

type Erasure = ConsoleErasureRequestQuery['erasureRequest'];

export function CompliancePage({ roles }: { roles: string[] }) {
  const list = useLoad(() => request(ErasureRequestsQuery), []);
  const [open, setOpen] = useState<string | null>(null);
  // A finished erasure rewrites the subject's audit entries to hashes: read them again.
  const [auditGeneration, setAuditGeneration] = useState(0);
  return (
    <>
      <h1>Compliance</h1>
      <StartErasure
        listsUsers={roles.includes('ADMIN')}
        onStarted={(id) => {
          setOpen(id);
          list.reload();
        }}
      />
      {open ? (
        <ErasureDetail
          key={open}
          id={open}
          onFinished={() => {
            list.reload();
            setAuditGeneration((value) => value + 1);
          }}
        />
      ) : null}
      <section class="card" aria-labelledby="erasures-heading">
        <h2 id="erasures-heading">Erasure requests</h2>
        <ErrorMessage error={list.error} />
        {list.loading && !list.data ? <Loading what="erasure requests" /> : null}
        {list.data && list.data.erasureRequests.length === 0 ? <p class="muted">No erasure requests.</p> : null}
        {list.data && list.data.erasureRequests.length > 0 ? (
          <table>
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">Subject (keyed hash)</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Completed</th>
                <th scope="col">Verified</th>
              </tr>
            </thead>
            <tbody>
              {list.data.erasureRequests.map((erasure) => (
                <tr key={erasure.id}>
                  <td>
                    <button type="button" class="link-button" onClick={() => setOpen(erasure.id)}>
                      {erasure.id.slice(0, 8)}
                    </button>
                  </td>
                  <td>
                    <code>{erasure.subjectHash.slice(0, 16)}…</code>
                  </td>
                  <td>
                    <StatusBadge status={erasure.status} />
                  </td>
                  <td>{formatTime(erasure.createdAt)}</td>
                  <td>{formatTime(erasure.completedAt)}</td>
                  <td>{erasure.verification ? (erasure.verification.allZero ? 'all zero' : 'NOT zero') : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
      <AuditLogCard key={auditGeneration} />
    </>
  );
}

type AuditEntry = ConsoleAuditLogQuery['auditLog']['nodes'][number];
const OUTCOMES: AuditOutcome[] = ['SUCCESS', 'DENIED', 'FAILED'];

/** The tenant's audit log, newest first, a page at a time; ids and codes only, as the API keeps them. */
/** A person's name where the tenant's user list has it; an erased user's keyed hash, or an unknown id, stays an id. */
function PersonName({ id, names }: { id: string; names: Map<string, string> }) {
  const name = names.get(id);
  if (name) return <span title={id}>{name}</span>;
  return <code title={id}>{/^[0-9a-f]{64}$/.test(id) ? 'erased user' : id.slice(0, 8)}</code>;
}

function AuditLogCard() {
  // Names instead of ids: the tenant's users (ADMIN and COMPLIANCE may list them).
  const users = useLoad(() => request(TenantUsersQuery), []);
  const names = new Map((users.data?.tenantUsers ?? []).map((user) => [user.id, user.subject]));
  const [outcome, setOutcome] = useState<AuditOutcome | ''>('');
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(false);
  const load = async (after: string | null) => {
    setLoading(true);
    setError(null);
    try {
      const filter = outcome ? { outcomes: [outcome] } : {};
      const { auditLog } = await request(AuditLogQuery, { filter, first: 50, after });
      setEntries((previous) => (after ? [...previous, ...auditLog.nodes] : auditLog.nodes));
      setNext(auditLog.hasNextPage ? (auditLog.endCursor ?? null) : null);
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    void load(null);
  }, [outcome]);
  return (
    <section class="card" aria-labelledby="audit-log-heading">
      <h2 id="audit-log-heading">Audit log</h2>
      <label>
        Outcome
        <select name="outcome" value={outcome} onChange={(e) => setOutcome(e.currentTarget.value as AuditOutcome | '')}>
          <option value="">Any</option>
          {OUTCOMES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <ErrorMessage error={error} />
      {loading && entries.length === 0 ? <Loading what="the audit log" /> : null}
      {!loading && !error && entries.length === 0 ? <p class="muted">No entries.</p> : null}
      {entries.length > 0 ? (
        <table>
          <caption>Privileged actions, newest first; an erased actor appears by keyed hash</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Action</th>
              <th scope="col">Outcome</th>
              <th scope="col">Actor</th>
              <th scope="col">Roles</th>
              <th scope="col">Targets</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} class="audit-entry">
                <td>{formatTime(entry.at)}</td>
                <td>{entry.action}</td>
                <td>
                  {entry.outcome}
                  {entry.errorCode ? ` (${entry.errorCode})` : ''}
                </td>
                <td>
                  <PersonName id={entry.actorId} names={names} />
                </td>
                <td>{entry.actorRoles.join(', ')}</td>
                <td>
                  {entry.targetIds.map((id) => (
                    <code key={id} title={id}>
                      {id.slice(0, 8)}{' '}
                    </code>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {next ? (
        <button type="button" disabled={loading} onClick={() => void load(next)}>
          Load more
        </button>
      ) : null}
    </section>
  );
}

function StartErasure({ listsUsers, onStarted }: { listsUsers: boolean; onStarted(id: string): void }) {
  const users = useLoad(() => (listsUsers ? request(TenantUsersQuery) : Promise.resolve(null)), [listsUsers]);
  const [userId, setUserId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const subject = users.data?.tenantUsers.find((user) => user.id === userId)?.subject;
  return (
    <section class="card" aria-labelledby="start-erasure-heading">
      <h2 id="start-erasure-heading">Erase a user</h2>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (!confirming) {
            setConfirming(true);
            return;
          }
          setError(null);
          try {
            const { requestErasure } = await request(RequestErasureMutation, { userId: userId.trim() });
            setConfirming(false);
            setUserId('');
            onStarted(requestErasure.id);
          } catch (caught) {
            setError(toApiError(caught));
            setConfirming(false);
          }
        }}
      >
        {users.data ? (
          <label>
            User
            <select name="userId" value={userId} onChange={(e) => setUserId(e.currentTarget.value)} required>
              <option value="">Choose a user</option>
              {users.data.tenantUsers.map((user) => (
                <option key={user.id} value={user.id}>
                  {user.subject} ({user.roles.join(', ')})
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label>
            User id
            <input name="userId" value={userId} onInput={(e) => setUserId(e.currentTarget.value)} required pattern="[0-9a-fA-F-]{36}" />
          </label>
        )}
        {confirming ? (
          <p role="alert" class="warning">
            Erase every record of {subject ?? userId}? This cannot be undone. Press “Erase now” to confirm.
          </p>
        ) : null}
        <button type="submit" class={confirming ? 'danger' : undefined}>
          {confirming ? 'Erase now' : 'Start erasure'}
        </button>
        {confirming ? (
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        ) : null}
        <ErrorMessage error={error ?? users.error} />
      </form>
    </section>
  );
}

function ErasureDetail({ id, onFinished }: { id: string; onFinished(): void }) {
  const loaded = useLoad(() => request(ErasureRequestQuery, { id }), [id]);
  const [live, setLive] = useState<Pick<Erasure, 'status' | 'steps'> | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(
    () =>
      subscribe(ErasureProgressSubscription, { id }, {
        next: (data) => setLive({ status: data.erasureProgress.status, steps: data.erasureProgress.steps }),
        error: setError,
        complete: () => {
          loaded.reload();
          onFinished();
        },
      }),
    [id],
  );
  const erasure = loaded.data?.erasureRequest;
  const status = live?.status ?? erasure?.status;
  const steps = live?.steps ?? erasure?.steps ?? [];
  return (
    <section class="card" aria-labelledby="erasure-detail-heading">
      <h2 id="erasure-detail-heading">Erasure {id.slice(0, 8)}</h2>
      <ErrorMessage error={error ?? loaded.error} />
      <p role="status">Status: {status ? <StatusBadge status={status} /> : '…'}</p>
      <table>
        <caption>Steps</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Status</th>
            <th scope="col">Count before</th>
            <th scope="col">Count after</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={step.name}>
              <td>{step.name}</td>
              <td>{step.status}</td>
              <td>{step.countBefore ?? '—'}</td>
              <td>{step.countAfter ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {erasure?.verification ? (
        <div class="report" aria-labelledby="verification-heading">
          <h3 id="verification-heading">Verification report</h3>
          <p>
            {erasure.verification.allZero ? 'Verified: every store counts zero' : 'Verification FAILED: some store still holds data'}, at {formatTime(erasure.verification.verifiedAt)}.
          </p>
          <table>
            <thead>
              <tr>
                <th scope="col">Store</th>
                <th scope="col">Count after erasure</th>
              </tr>
            </thead>
            <tbody>
              {erasure.verification.counts.map((count) => (
                <tr key={count.store}>
                  <td>{count.store}</td>
                  <td>{count.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : status === 'COMPLETED' ? (
        <Loading what="the verification report" />
      ) : null}
    </section>
  );
}
