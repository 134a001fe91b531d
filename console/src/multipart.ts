// The GraphQL multipart request spec (github.com/jaydenseric/graphql-multipart-request-spec),
// as Yoga's File support reads it.

/** Files anywhere in the variables, with their object paths (`variables.input.file`). */
export function filesIn(value: unknown, path = 'variables', found: [string, File][] = []): [string, File][] {
  if (value instanceof File) found.push([path, value]);
  else if (Array.isArray(value)) value.forEach((item, index) => filesIn(item, `${path}.${index}`, found));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) filesIn(item, `${path}.${key}`, found);
  return found;
}

/**
 * `operations` (files replaced by null), `map` (part name to paths), then one part per file. The
 * operation is its text, or a trusted document's id (`{ documentId }`).
 */
export function multipartBody(operation: string | { documentId: string }, variables: unknown): FormData {
  const files = filesIn(variables);
  const params = typeof operation === 'string' ? { query: operation } : operation;
  const operations = JSON.stringify({ ...params, variables }, (_key, value: unknown) => (value instanceof File ? null : value));
  const form = new FormData();
  form.append('operations', operations);
  form.append('map', JSON.stringify(Object.fromEntries(files.map(([path], index) => [String(index), [path]]))));
  files.forEach(([, file], index) => form.append(String(index), file, file.name));
  return form;
}
