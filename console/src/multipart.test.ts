import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { filesIn, multipartBody } from './multipart';

describe('multipartBody', () => {
  it('finds files at their variable paths, in arrays too', () => {
    const a = new File(['a'], 'a.txt');
    const b = new File(['b'], 'b.pdf');
    expect(filesIn({ input: { title: 't', file: a }, inputs: [{ file: b }, { text: 'x' }] })).toEqual([
      ['variables.input.file', a],
      ['variables.inputs.0.file', b],
    ]);
    expect(filesIn({ input: { text: 'no files' } })).toEqual([]);
  });

  it('is read by Yoga as files in the variables (the multipart request spec)', async () => {
    const yoga = createYoga({
      schema: createSchema({
        typeDefs: 'scalar File\ninput ReviewInput { title: String!, file: File }\ntype Query { ok: Boolean }\ntype Mutation { submit(input: ReviewInput!): String!, batch(inputs: [ReviewInput!]!): [String!]! }',
        resolvers: {
          Mutation: {
            submit: async (_root: unknown, { input }: { input: { title: string; file: File } }) => `${input.title}:${input.file.name}:${await input.file.text()}`,
            batch: async (_root: unknown, { inputs }: { inputs: { file: File }[] }) => Promise.all(inputs.map(async ({ file }) => `${file.name}:${await file.text()}`)),
          },
        },
      }),
      logging: false,
    });
    const post = async (query: string, variables: unknown) => {
      const response = await yoga.fetch('http://localhost/graphql', { method: 'POST', headers: { 'x-graphql-yoga-csrf': 'console' }, body: multipartBody(query, variables) });
      return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
    };
    const one = await post('mutation ($input: ReviewInput!) { submit(input: $input) }', { input: { title: 'Supply', file: new File(['contract text'], 'supply.txt') } });
    expect(one).toEqual({ data: { submit: 'Supply:supply.txt:contract text' } });
    const many = await post('mutation ($inputs: [ReviewInput!]!) { batch(inputs: $inputs) }', {
      inputs: [
        { title: 'a', file: new File(['A'], 'a.txt') },
        { title: 'b', file: new File(['B'], 'b.txt') },
      ],
    });
    expect(many).toEqual({ data: { batch: ['a.txt:A', 'b.txt:B'] } });
  });
});
