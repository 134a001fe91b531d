// The GraphQL multipart request spec (github.com/jaydenseric/graphql-multipart-request-spec),
// as Yoga's File support reads it.

/** Files anywhere in the variables, with their object paths (`variables.input.file`). */
export function filesIn(value: unknown, path = 'variables', found: [string, File][] = []): [string, File][] {
  if (value instanceof File) found.push([path, value]);
  else if (Array.isArray(value)) value.forEach((item, index) => filesIn(item, `${path}.${index}`, found));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) filesIn(item, `${path}.${key}`, found);
  return found;
}

/** `operations` (files replaced by null), `map` (part name to paths), then one part per file. */
export function multipartBody(query: string, variables: unknown): FormData {
  const files = filesIn(variables);
  const operations = JSON.stringify({ query, variables }, (_key, value: unknown) => (value instanceof File ? null : value));
  const form = new FormData();
  form.append('operations', operations);
  form.append('map', JSON.stringify(Object.fromEntries(files.map(([path], index) => [String(index), [path]]))));
  files.forEach(([, file], index) => form.append(String(index), file, file.name));
  return form;
}
