import { useEffect, useRef, useState } from 'preact/hooks';
import { request, subscribe, type ApiError } from '../api';
import { MeterBar } from '../charts';
import { ConfirmFactMutation, CreateSessionMutation, MemoryQuery, ReplyTurnSubscription, SendMessageMutation, SessionsQuery } from '../documents';
import type { ConsoleSendMessageMutation } from '../gql/graphql';
import { ErrorMessage, Loading, modelLabel, toApiError, useLoad } from '../ui';

type Turn = ConsoleSendMessageMutation['sendMessage'];

const STREAMING_KEY = 'suanni.console.streamReplies';

/** Whether replies stream: the reader's choice, kept across sessions and visits (not reset by a session switch). */
function useStreamingChoice(): [boolean, (value: boolean) => void] {
  const [streaming, setStreaming] = useState(() => globalThis.localStorage?.getItem(STREAMING_KEY) !== 'false');
  return [
    streaming,
    (value) => {
      globalThis.localStorage?.setItem(STREAMING_KEY, String(value));
      setStreaming(value);
    },
  ];
}

/** "1 fact", "2 facts". */
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function ConversationsPage() {
  const sessions = useLoad(() => request(SessionsQuery), []);
  const [selected, setSelected] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const current = selected ?? sessions.data?.sessions[0]?.id ?? null;
  const [streaming, setStreaming] = useStreamingChoice();
  return (
    <>
      <h1>Conversations</h1>
      <div class="row">
        <label>
          Session
          <select value={current ?? ''} onChange={(e) => setSelected(e.currentTarget.value)}>
            {(sessions.data?.sessions ?? []).map((session) => (
              <option key={session.id} value={session.id}>
                {session.title}
              </option>
            ))}
          </select>
        </label>
        <form
          class="row"
          onSubmit={async (event) => {
            event.preventDefault();
            setError(null);
            try {
              const { createSession } = await request(CreateSessionMutation, { title });
              setTitle('');
              setSelected(createSession.id);
              sessions.reload();
            } catch (caught) {
              setError(toApiError(caught));
            }
          }}
        >
          <label>
            New session title
            <input value={title} onInput={(e) => setTitle(e.currentTarget.value)} required maxLength={200} />
          </label>
          <button type="submit">Start session</button>
        </form>
      </div>
      <ErrorMessage error={error ?? sessions.error} />
      {sessions.loading && !sessions.data ? <Loading what="sessions" /> : null}
      {current ? (
        <Chat key={current} sessionId={current} streaming={streaming} onStreamingChange={setStreaming} />
      ) : sessions.data ? <p class="muted">Start a session to chat.</p> : null}
    </>
  );
}

function Chat({
  sessionId,
  streaming,
  onStreamingChange,
}: {
  sessionId: string;
  streaming: boolean;
  onStreamingChange(value: boolean): void;
}) {
  const memory = useLoad(() => request(MemoryQuery, { sessionId }), [sessionId]);
  const [text, setText] = useState('');
  const [partial, setPartial] = useState<{ question: string; reply: string } | null>(null);
  const [turn, setTurn] = useState<Turn | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  // The turn stays on screen until the reloaded thread (which holds it) arrives.
  useEffect(() => {
    if (!busy) setPartial(null);
  }, [memory.data]);

  function finish() {
    setBusy(false);
    memory.reload();
  }

  async function send(event: Event) {
    event.preventDefault();
    const question = text.trim();
    if (!question) return;
    setText('');
    setError(null);
    setBusy(true);
    if (streaming) {
      setTurn(null);
      setPartial({ question, reply: '' });
      // The last event is the finished turn: its budget and proposed facts show as for a sent one.
      stop.current = subscribe(ReplyTurnSubscription, { sessionId, text: question }, {
        next: ({ replyTurn }) => {
          if (replyTurn.delta) setPartial((previous) => ({ question, reply: (previous?.reply ?? '') + replyTurn.delta }));
          if (replyTurn.turn) setTurn(replyTurn.turn);
        },
        error: (caught) => {
          setError(caught);
          finish();
        },
        complete: finish,
      });
      return;
    }
    try {
      setPartial({ question, reply: '' });
      setTurn((await request(SendMessageMutation, { sessionId, text: question })).sendMessage);
    } catch (caught) {
      setError(toApiError(caught));
    }
    finish();
  }

  const messages = memory.data?.thread.messages ?? [];
  return (
    <div class="chat-layout">
      <section aria-labelledby="chat-heading" class="card">
        <h2 id="chat-heading">Chat</h2>
        <ol class="messages" aria-live="polite">
          {messages.map((message, index) => (
            <li key={index} class={`message message-${message.role}`}>
              <span class="message-role">{message.role}</span> {message.content}
            </li>
          ))}
          {partial ? (
            <>
              <li class="message message-user">
                <span class="message-role">user</span> {partial.question}
              </li>
              <li class="message message-assistant">
                <span class="message-role">assistant</span> {partial.reply || '…'}
              </li>
            </>
          ) : null}
        </ol>
        <form onSubmit={send}>
          <label>
            Message
            <textarea rows={3} value={text} onInput={(e) => setText(e.currentTarget.value)} disabled={busy} />
          </label>
          <label class="inline">
            <input type="checkbox" checked={streaming} onChange={(e) => onStreamingChange(e.currentTarget.checked)} /> Stream the reply
            (replyTurn)
          </label>
          <button type="submit" disabled={busy}>
            {busy ? 'Waiting for the reply…' : 'Send'}
          </button>
        </form>
        <ErrorMessage error={error} />
      </section>
      <aside aria-labelledby="memory-heading" class="card">
        <h2 id="memory-heading">Memory</h2>
        <ErrorMessage error={memory.error} />
        <h3>Context budget</h3>
        {turn ? (
          <>
            <MeterBar
              label={`Prompt tokens (${turn.context.promptTokensSource})`}
              total={turn.context.budget}
              parts={[{ label: 'prompt', value: turn.context.promptTokens, class: 'part-prompt' }]}
            />
            <p class="muted">
              {plural(turn.context.factsUsed, 'fact')}, a summary of {plural(turn.context.summaryLength, 'character')} and{' '}
              {plural(turn.context.turnsIncluded, 'recent turn')}; model: {modelLabel(turn.context.provider, turn.context.model)}
              {turn.context.degraded ? `; degraded: ${turn.context.degradedReasons.join(', ')}` : ''}
            </p>
          </>
        ) : (
          <p class="muted">Shown after the first turn of this view.</p>
        )}
        <h3>Proposed facts</h3>
        {turn && turn.proposedFacts.length > 0 ? (
          <ul>
            {turn.proposedFacts.map((fact) => (
              <ProposedFact key={`${fact.category}/${fact.key}`} fact={fact} onConfirmed={memory.reload} />
            ))}
          </ul>
        ) : (
          <p class="muted">None.</p>
        )}
        <h3>Facts used</h3>
        {memory.data && memory.data.facts.length === 0 ? <p class="muted">No facts remembered.</p> : null}
        <ul aria-label="Facts used">
          {(memory.data?.facts ?? []).map((fact) => (
            <li key={`${fact.category}/${fact.key}`}>
              <strong>
                {fact.category}/{fact.key}
              </strong>
              : {JSON.stringify(fact.value)} <span class="muted">v{fact.version}, {fact.source.toLowerCase()}</span>
            </li>
          ))}
        </ul>
        <h3>Summary</h3>
        <p>{memory.data?.thread.summary || <span class="muted">No summary yet.</span>}</p>
        <p class="muted">{memory.data ? `${memory.data.thread.checkpointCount} checkpoints` : ''}</p>
      </aside>
    </div>
  );
}

function ProposedFact({ fact, onConfirmed }: { fact: { category: string; key: string; value: string }; onConfirmed(): void }) {
  const [state, setState] = useState<'open' | 'saving' | 'confirmed'>('open');
  const [error, setError] = useState<ApiError | null>(null);
  return (
    <li>
      {fact.category}/{fact.key}: {fact.value}{' '}
      <button
        type="button"
        disabled={state !== 'open'}
        onClick={async () => {
          setState('saving');
          try {
            await request(ConfirmFactMutation, { category: fact.category, key: fact.key, value: fact.value });
            setState('confirmed');
            onConfirmed();
          } catch (caught) {
            setError(toApiError(caught));
            setState('open');
          }
        }}
      >
        {state === 'confirmed' ? 'Confirmed' : `Confirm ${fact.key}`}
      </button>
      <ErrorMessage error={error} />
    </li>
  );
}

