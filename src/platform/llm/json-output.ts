import { z } from 'zod';

/**
 * Finds the first complete JSON object in a model's answer: reasoning in `<think>` blocks and
 * Markdown fences are skipped, prose around the object is ignored. Returns undefined when there
 * is none or it does not parse.
 */
export function extractFirstJsonObject(content: string): unknown {
  // Reasoning models (DeepSeek R1 served through OpenAI-compatible hosts) may put their
  // thoughts, braces included, in front of the answer.
  const withoutThoughts = content.replace(/<think>[\s\S]*?(<\/think>|$)/g, ' ');
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(withoutThoughts);
  const candidates = fenced?.[1] !== undefined ? [fenced[1], withoutThoughts] : [withoutThoughts];
  for (const candidate of candidates) {
    for (let start = candidate.indexOf('{'); start !== -1; start = candidate.indexOf('{', start + 1)) {
      const end = findMatchingBrace(candidate, start);
      if (end === -1) continue; // a stray brace in prose: the object may start later
      try {
        const parsed: unknown = JSON.parse(candidate.slice(start, end + 1));
        if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
      } catch {
        // Braces that balance but are not JSON (prose, code): try the next opening brace.
      }
    }
  }
  return undefined;
}

/** Index of the `}` closing the `{` at `start`, aware of JSON strings and escapes; -1 if none. */
function findMatchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index++;
      else if (character === '"') inString = false;
    } else if (character === '"') {
      inString = true;
    } else if (character === '{') {
      depth++;
    } else if (character === '}') {
      depth--;
      if (depth === 0) return index;
    }
  }
  return -1;
}

/** The answer parsed and validated, or undefined when it does not fit the schema. */
export function parseStructuredAnswer<T>(content: string, schema: z.ZodType<T>): T | undefined {
  const candidate = extractFirstJsonObject(content);
  if (candidate === undefined) return undefined;
  const parsed = schema.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The JSON Schema of `schema` as prompt text, so the model knows the expected shape; undefined
 * for schemas JSON Schema cannot express (transforms, custom checks).
 */
export function describeSchemaForPrompt(schema: z.ZodType): string | undefined {
  try {
    const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as Record<
      string,
      unknown
    >;
    return JSON.stringify(jsonSchema);
  } catch {
    return undefined;
  }
}
