import { CONSTRAINT_FIELDS } from '../../../knowledge/types.js';
import { defineNode } from '../contract.js';
import type { ReviewState } from '../state.js';
import { contractValue } from './compliance-rules.js';

/** Constraint fields the contract states (the same mapping compliance checks against). */
export function fieldsFound(fields: ReviewState['fields']): string[] {
  return fields ? CONSTRAINT_FIELDS.filter((field) => contractValue(fields, field) !== null) : [];
}

/** retrieve: as-of knowledge for the clause types found, through the sanitizer. */
export const retrieveNode = defineNode({
  name: 'retrieve',
  description: 'Fetches the knowledge in force at asOf (or the pinned versions) for the fields found, sanitized.',
  reads: ['fields', 'asOf', 'pinnedKnowledge'],
  writes: ['knowledge', 'knowledgeUsed'],
  async run(input, _deps, run) {
    const knowledge = await run.retrieveKnowledge({ asOf: input.asOf, fields: fieldsFound(input.fields), pinned: input.pinnedKnowledge });
    return {
      knowledge: knowledge.map((item) => ({ ...item, constraint: item.constraint ? { ...item.constraint } : null })),
      knowledgeUsed: knowledge.map(({ id, knowledgeId, version }) => ({ id, knowledgeId, version })),
    };
  },
  count: (output) => ({
    knowledge: output.knowledge?.length ?? 0,
    degraded: output.knowledge?.filter((item) => item.degraded).length ?? 0,
  }),
});
