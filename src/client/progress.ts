/** Seconds left at the rate so far; null until something has completed. */
export function etaSeconds(elapsedMs: number, completed: number, total: number): number | null {
  if (completed <= 0) return null;
  return Math.max(0, Math.round(((elapsedMs / completed) * (total - completed)) / 1000));
}

const formatEta = (seconds: number | null) =>
  seconds === null ? '--' : seconds >= 60 ? `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`;

export interface ProgressState {
  completed: number;
  total: number;
  failed: number;
}

/** One line of progress: a bar (on a terminal), completed of total, failures and the time left. */
export function progressLine(state: ProgressState, elapsedMs: number, bar: boolean, width = 24): string {
  const eta = formatEta(state.completed >= state.total ? 0 : etaSeconds(elapsedMs, state.completed, state.total));
  const text = `${state.completed}/${state.total} completed, ${state.failed} failed, ETA ${eta}`;
  if (!bar) return text;
  const filled = state.total === 0 ? width : Math.round((state.completed / state.total) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${text}`;
}

/**
 * Shows progress on a stream: on a terminal one line redrawn in place; otherwise a plain line
 * each time the count changes (logs and CI stay readable).
 */
export class ProgressReporter {
  private readonly started = performance.now();
  private last = '';

  constructor(private readonly stream: NodeJS.WritableStream & { isTTY?: boolean }) {}

  update(state: ProgressState): void {
    const tty = Boolean(this.stream.isTTY);
    const line = progressLine(state, performance.now() - this.started, tty);
    if (!tty) {
      const key = `${state.completed}/${state.total}/${state.failed}`;
      if (key === this.last) return;
      this.last = key;
      this.stream.write(`progress ${line}\n`);
      return;
    }
    this.last = line;
    this.stream.write(`\r\x1b[2K${line}`);
  }

  finish(): void {
    if (this.stream.isTTY && this.last) this.stream.write('\n');
  }
}
