import { DateTimeResolver, JSONResolver } from 'graphql-scalars';
import { builder } from './builder.js';

// RFC 3339 instants with an offset; `2024-01-01T08:00:00+08:00` and `2024-01-01T00:00:00Z` are
// the same Date. Anything that is not an instant is rejected before a resolver runs.
builder.addScalarType('DateTime', DateTimeResolver, {});
builder.addScalarType('JSON', JSONResolver, {});
