/**
 * Checks exported spans for content that must never be in them (contract text, message text,
 * fact values): DESIGN section 7. Used by the tests of every feature that makes spans.
 */

/** The parts of a span that can carry text, from the buffer or decoded from OTLP. */
export interface ScannableSpan {
  name: string;
  attributes: Record<string, unknown>;
  events?: { name: string; attributes?: Record<string, unknown> }[];
  status?: { message?: string | null };
}

export interface Leak {
  span: string;
  /** `name`, `status`, `attribute <key>` or `event <name> <key>`. */
  where: string;
  /** The sensitive text found (shortened). */
  found: string;
}

/**
 * The pieces of a text worth looking for: the text itself, its lines and sentences (Chinese
 * and Western punctuation), each trimmed and at least `minLength` characters long.
 */
export function sensitiveFragments(text: string, minLength = 12): string[] {
  const pieces = new Set<string>([text.trim()]);
  for (const line of text.split(/\r?\n/)) {
    pieces.add(line.trim());
    for (const sentence of line.split(/(?<=[.!?;。！？；：:])\s*/u)) pieces.add(sentence.trim());
  }
  return [...pieces].filter((piece) => [...piece].length >= minLength);
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/**
 * Every place where a span carries one of `texts`: a fragment of a text (see
 * {@link sensitiveFragments}) inside a value, or a value of at least `minLength` characters that
 * is part of a text. Names, status messages, attributes and event attributes are all scanned.
 */
export function findLeaks(spans: readonly ScannableSpan[], texts: readonly string[], minLength = 12): Leak[] {
  const fragments = [...new Set(texts.flatMap((text) => sensitiveFragments(text, minLength)))];
  const wholes = texts.filter((text) => text.length > 0);
  const leaks: Leak[] = [];
  const check = (span: ScannableSpan, where: string, value: unknown) => {
    for (const candidate of strings(value)) {
      const inside = fragments.find((fragment) => candidate.includes(fragment));
      const partOf = [...candidate].length >= minLength ? wholes.find((text) => text.includes(candidate)) : undefined;
      if (inside || partOf) leaks.push({ span: span.name, where, found: (inside ?? candidate).slice(0, 80) });
    }
  };
  for (const span of spans) {
    check(span, 'name', span.name);
    check(span, 'status', span.status?.message ?? '');
    for (const [key, value] of Object.entries(span.attributes)) check(span, `attribute ${key}`, value);
    for (const event of span.events ?? []) {
      check(span, `event ${event.name}`, event.name);
      for (const [key, value] of Object.entries(event.attributes ?? {})) check(span, `event ${event.name} ${key}`, value);
    }
  }
  return leaks;
}
