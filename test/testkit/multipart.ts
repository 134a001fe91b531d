import type { GraphQLResponse } from './app.js';

/**
 * POSTs an operation as a GraphQL multipart request (operations, map, then one part per file):
 * `files` maps a variable path such as `variables.input.file` to the file sent there.
 */
export async function postMultipart<T = Record<string, any>>(
  url: string,
  operation: { query: string; variables: Record<string, unknown> },
  files: Record<string, File>,
  options: { token?: string; headers?: Record<string, string>; csrfHeader?: boolean } = {},
): Promise<GraphQLResponse<T>> {
  const form = new FormData();
  form.append('operations', JSON.stringify(operation));
  const entries = Object.entries(files);
  form.append('map', JSON.stringify(Object.fromEntries(entries.map(([path], index) => [String(index), [path]]))));
  for (const [index, [, file]] of entries.entries()) form.append(String(index), file, file.name);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/graphql-response+json, application/json',
      ...(options.csrfHeader === false ? {} : { 'x-graphql-yoga-csrf': '1' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: form,
  });
  const text = await response.text();
  const body = (text ? JSON.parse(text) : {}) as Omit<GraphQLResponse, 'status' | 'headers'>;
  return { status: response.status, headers: response.headers, ...body } as GraphQLResponse<T>;
}
