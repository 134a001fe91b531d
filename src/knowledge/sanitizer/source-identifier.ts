/**
 * Agents see a knowledge item's source as an identifier (`policy:finance/penalties#3`), never a
 * file path or a connection string (DESIGN §5). The repository stores identifiers; this is the
 * last guard before text reaches an agent.
 */

// Everything up to the last "@" counts as credentials: an unencoded "/" in a password must not leak it.
const URL_WITH_AUTHORITY = /^([a-z][a-z0-9+.-]*:\/\/)([^?#\s]*@)?([^?#\s]*)(\?[^#\s]*)?(#\S*)?$/i;
const ABSOLUTE_PATH = /^(?:file:(?:\/\/)?|~[\\/]|[\\/]|[a-z]:[\\/])/i;
/** Credentials of a URL inside a longer source ("see https://user:secret@kb/a b"): up to the last "@" before a space. */
const EMBEDDED_CREDENTIALS = /([a-z][a-z0-9+.-]*:\/\/)[^?#\s]*@/gi;

/**
 * Returns `source` trimmed, without what must not reach an agent:
 * - a URL loses its credentials and query (`postgres://user:secret@db:5432/kb?sslmode=require`
 *   becomes `postgres://db:5432/kb`), and a fragment holding `key=value` pairs, since tokens and
 *   passwords live there; `https://kb.example/penalties#3` keeps its fragment;
 * - an absolute file path (`/srv/kb/penalties.md`, `C:\kb\penalties.md`, `file:///...`) becomes
 *   `file:penalties.md`: the server's directory layout is nobody's business.
 * Identifiers such as `policy:finance/penalties#3` pass unchanged; a URL inside other text (or
 * with a space in it) loses its credentials.
 */
export function sanitizeSourceIdentifier(source: string): string {
  const trimmed = source.trim();
  if (/^file:/i.test(trimmed) || ABSOLUTE_PATH.test(trimmed)) {
    const name = trimmed.split(/[\\/]/).filter(Boolean).at(-1) ?? '';
    return `file:${name.replace(/^file:/i, '')}`;
  }
  const url = URL_WITH_AUTHORITY.exec(trimmed);
  if (url) return `${url[1]}${url[3]}${url[5] && !url[5].includes('=') ? url[5] : ''}`;
  // Not one whole URL (a space in it, text before it): its credentials still go.
  return trimmed.replace(EMBEDDED_CREDENTIALS, '$1');
}
