// Small shared pieces: data loading, navigation, formatting, messages.
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api';

export const BASE = '/console';

/** Client-side navigation under /console (the gateway answers every such path with the app). */
export function navigate(path: string): void {
  history.pushState(null, '', `${BASE}${path}`);
  dispatchEvent(new PopStateEvent('popstate'));
}

export function Link(props: { to: string; children: ComponentChildren; class?: string; 'aria-current'?: 'page' | undefined }) {
  return (
    <a
      href={`${BASE}${props.to}`}
      class={props.class}
      aria-current={props['aria-current']}
      onClick={(event) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(props.to);
      }}
    >
      {props.children}
    </a>
  );
}

export interface Loaded<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload(): void;
}

/** Runs `load` when `deps` change (and on `reload`); ignores answers that arrive after newer ones. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: true });
  const [generation, setGeneration] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const call = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => call === latest.current && setState({ data, loading: false }),
      (error: unknown) => call === latest.current && setState({ error: toApiError(error), loading: false }),
    );
  }, [...deps, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(error instanceof Error ? error.message : String(error), undefined);
}

export function ErrorMessage({ error }: { error: ApiError | undefined | null }) {
  if (!error) return null;
  return (
    <p class="error" role="alert">
      {error.code ? <strong>{error.code}: </strong> : null}
      {error.message}
    </p>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="muted" role="status">
      Loading {what}…
    </p>
  );
}

export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}

/** An open-ended validity (the far-future sentinel) reads as "open". */
export function formatUntil(value: string): string {
  return new Date(value).getUTCFullYear() >= 9000 ? 'open-ended' : formatTime(value);
}

export function formatMs(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(value < 10 ? 2 : 0)} ms`;
}

export function StatusBadge({ status }: { status: string }) {
  return <span class={`badge status-${status.toLowerCase()}`}>{status}</span>;
}

export function RiskBadge({ level }: { level: string | null | undefined }) {
  if (!level) return <span class="muted">—</span>;
  return <span class={`badge risk-${level.toLowerCase()}`}>{level}</span>;
}

/** A model for a reader: the provider, then its model unless they share the name ("rules", not "rules rules"). */
export function modelLabel(provider: string, model: string): string {
  return model && model !== provider ? `${provider} ${model}` : provider;
}

