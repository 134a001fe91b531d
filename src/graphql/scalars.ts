import { DateTimeResolver, JSONResolver } from 'graphql-scalars';
import { GraphQLError, GraphQLScalarType } from 'graphql';
import { builder } from './builder.js';
import { assertJsonBounds, jsonBoundsProblem, jsonLiteralBoundsProblem } from './input-guard.js';

// RFC 3339 instants with an offset; `2024-01-01T08:00:00+08:00` and `2024-01-01T00:00:00Z` are
// the same Date. Anything that is not an instant is rejected before a resolver runs.
builder.addScalarType('DateTime', DateTimeResolver, {});

// JSON with bounded depth and size: a 5,000-level value would exhaust the stack of every
// recursive walk after it (validation, storage, serialisation); it is refused first, iteratively.
const BoundedJSON = new GraphQLScalarType({
  ...JSONResolver.toConfig(),
  parseValue: (value) => {
    assertJsonBounds(jsonBoundsProblem(value));
    return value;
  },
  parseLiteral: (ast, variables) => {
    assertJsonBounds(jsonLiteralBoundsProblem(ast));
    return JSONResolver.parseLiteral(ast, variables);
  },
});
builder.addScalarType('JSON', BoundedJSON, {});

// An uploaded file (GraphQL multipart request spec; Yoga puts the part's `File` into the
// variables). Input only. A value that is not an upload (a JSON string) is refused at the edge.
builder.scalarType('File', {
  description: 'A file uploaded with the GraphQL multipart request spec (input only).',
  serialize: () => {
    throw new GraphQLError('File is an input-only scalar.');
  },
  parseValue: (value) => {
    // Yoga's parts are the fetch ponyfill's File, not Node's global one: recognised by shape
    // (a JSON variable cannot carry a function).
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as File).arrayBuffer === 'function' &&
      typeof (value as File).name === 'string'
    )
      return value as File;
    throw new GraphQLError('A File variable must be a multipart upload (GraphQL multipart request spec), not a JSON value.', {
      extensions: { code: 'BAD_USER_INPUT', reason: 'NOT_AN_UPLOAD' },
    });
  },
  parseLiteral: () => {
    throw new GraphQLError('A File cannot be written inline; send it as a multipart upload in a variable.', {
      extensions: { code: 'BAD_USER_INPUT', reason: 'NOT_AN_UPLOAD' },
    });
  },
});
