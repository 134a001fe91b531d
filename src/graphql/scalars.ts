import { DateTimeResolver, JSONResolver } from 'graphql-scalars';
import { GraphQLScalarType } from 'graphql';
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
