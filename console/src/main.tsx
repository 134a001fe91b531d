import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { currentToken, request, setToken, whenUnauthenticated } from './api';
import { MeQuery } from './documents';
import type { ConsoleMeQuery } from './gql/graphql';
import './styles.css';
import { CompliancePage } from './views/compliance';
import { ConversationsPage } from './views/conversations';
import { KnowledgePage } from './views/knowledge';
import { ReviewPage, ReviewsPage } from './views/reviews';
import { SrePage, TracePage } from './views/sre';
import { BASE, ErrorMessage, Link, Loading, navigate, toApiError } from './ui';
import type { ApiError } from './api';

type Me = ConsoleMeQuery['me'];

interface View {
  path: string;
  label: string;
  /** Roles that see the view; empty: everyone. */
  roles: string[];
}

/** USER sees reviews, knowledge and conversations; SRE and compliance views follow the API's rules. */
const VIEWS: View[] = [
  { path: '/reviews', label: 'Reviews', roles: [] },
  { path: '/knowledge', label: 'Knowledge', roles: [] },
  { path: '/conversations', label: 'Conversations', roles: [] },
  { path: '/sre', label: 'SRE', roles: ['SRE', 'ADMIN'] },
  { path: '/compliance', label: 'Compliance', roles: ['COMPLIANCE'] },
];

function visible(view: View, me: Me): boolean {
  return view.roles.length === 0 || view.roles.some((role) => me.roles.includes(role as Me['roles'][number]));
}

function usePath(): string {
  const [path, setPath] = useState(() => location.pathname);
  useEffect(() => {
    const update = () => setPath(location.pathname);
    addEventListener('popstate', update);
    return () => removeEventListener('popstate', update);
  }, []);
  const relative = path.startsWith(BASE) ? path.slice(BASE.length) : path;
  return relative.replace(/\/+$/, '') || '/';
}

type DemoUser = { subject: string; roles: string[] };

/**
 * In development on the gateway's own machine, the demo users (`GET /dev/token` answers them; 404
 * in production and from elsewhere, and then nothing is shown): sign-in without a terminal.
 */
function DemoSignIn({ onToken }: { onToken(token: string): void }) {
  const [users, setUsers] = useState<DemoUser[]>([]);
  useEffect(() => {
    fetch('/dev/token')
      .then(async (response) => (response.ok ? ((await response.json()) as { users?: DemoUser[] }).users ?? [] : []))
      .then(setUsers, () => setUsers([]));
  }, []);
  if (users.length === 0) return null;
  return (
    <section class="card" aria-labelledby="demo-users-heading">
      <h2 id="demo-users-heading">Demo users (development)</h2>
      <ul class="row">
        {users.map((user) => (
          <li key={user.subject}>
            <button
              type="button"
              onClick={async () => {
                const response = await fetch(`/dev/token?user=${encodeURIComponent(user.subject)}`);
                const body = (await response.json()) as { token?: string };
                if (body.token) onToken(body.token);
              }}
            >
              Sign in as {user.subject} ({user.roles.join(', ')})
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Login({ error, onToken }: { error: ApiError | null; onToken(token: string): void }) {
  const [value, setValue] = useState('');
  return (
    <main id="main" class="login">
      <h1>Suanni console</h1>
      <DemoSignIn onToken={onToken} />
      <form
        class="card"
        onSubmit={(event) => {
          event.preventDefault();
          onToken(value);
        }}
      >
        <label>
          Access token (JWT)
          <textarea name="token" rows={4} value={value} onInput={(e) => setValue(e.currentTarget.value)} required autoComplete="off" spellcheck={false} />
        </label>
        <p class="muted">
          In development: <code>npm run -s token -- --user alice --tenant acme --role USER</code>. The token stays in this tab only.
        </p>
        <ErrorMessage error={error} />
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}

function Page({ path, me }: { path: string; me: Me }) {
  const allowed = (view: string) => visible(VIEWS.find((v) => v.path === view)!, me);
  let match: RegExpExecArray | null;
  if (path === '/' || path === '/reviews') return <ReviewsPage roles={me.roles} />;
  if ((match = /^\/reviews\/([^/]+)$/.exec(path))) return <ReviewPage id={decodeURIComponent(match[1]!)} roles={me.roles} />;
  if (path === '/knowledge') return <KnowledgePage canEdit={me.roles.includes('ADMIN')} />;
  if (path === '/conversations') return <ConversationsPage />;
  if (path === '/sre' && allowed('/sre')) return <SrePage />;
  if ((match = /^\/sre\/traces\/([^/]+)$/.exec(path)) && allowed('/sre')) return <TracePage id={decodeURIComponent(match[1]!)} />;
  if (path === '/compliance' && allowed('/compliance')) return <CompliancePage roles={me.roles} />;
  return (
    <>
      <h1>Not found</h1>
      <p>This page does not exist, or your roles do not include it.</p>
    </>
  );
}

function App() {
  const [me, setMe] = useState<Me | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [checking, setChecking] = useState(Boolean(currentToken()));
  const path = usePath();

  async function signIn(token: string) {
    setToken(token);
    setChecking(true);
    try {
      setMe((await request(MeQuery)).me);
      setError(null);
    } catch (caught) {
      setToken('');
      setMe(null);
      setError(toApiError(caught));
    } finally {
      setChecking(false);
    }
  }

  useEffect(() => {
    whenUnauthenticated((refused) => {
      setToken('');
      setMe(null);
      setError(refused);
    });
    if (currentToken()) void signIn(currentToken());
  }, []);

  useEffect(() => {
    const view = VIEWS.find((v) => path.startsWith(v.path));
    document.title = `${view?.label ?? 'Reviews'} · Suanni console`;
  }, [path]);

  if (checking) return <Loading what="your account" />;
  if (!me) return <Login error={error} onToken={(token) => void signIn(token)} />;
  return (
    <>
      <a href="#main" class="skip-link">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Suanni console</span>
        <nav aria-label="Views">
          <ul>
            {VIEWS.filter((view) => visible(view, me)).map((view) => (
              <li key={view.path}>
                <Link to={view.path} aria-current={path.startsWith(view.path) || (path === '/' && view.path === '/reviews') ? 'page' : undefined}>
                  {view.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <span class="whoami">
          {me.subject}@{me.tenant.key} · {me.roles.join(', ')}
        </span>
        <button
          type="button"
          onClick={() => {
            setToken('');
            setMe(null);
            navigate('/');
          }}
        >
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Page path={path} me={me} />
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
