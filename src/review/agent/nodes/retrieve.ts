import { defineNode } from '../contract.js';

/** Contract fields that have a value in the extraction, as constraint field names. */
export function fieldsFound(fields: Record<string, unknown> | null): string[] {
  if (!fields) return [];
  const present = (key: string) => fields[key] !== null && fields[key] !== undefined;
  const found: string[] = [];
  if (present('penaltyRate')) found.push('penaltyRate');
  if (present('paymentDays')) found.push('paymentDays');
  if (present('terminationNoticeDays')) found.push('terminationNoticeDays');
  if (present('liabilityCap')) found.push('liabilityCapAmount');
  if (present('governingLaw')) found.push('governingLaw');
  if (present('confidentialityYears')) found.push('confidentialityYears');
  if (present('autoRenewal')) found.push('autoRenewalNoticeDays');
  return found;
}

/** retrieve: as-of knowledge for the clause types found, through the sanitizer. */
export const retrieveNode = defineNode({
  name: 'retrieve',
  description: 'Fetches the knowledge in force at asOf (or the pinned versions) for the fields found, sanitized.',
  reads: ['fields', 'asOf', 'pinnedKnowledge'],
  writes: ['knowledge', 'knowledgeUsed'],
  async run(input, _deps, run) {
    const knowledge = await run.retrieveKnowledge({ asOf: input.asOf, fields: fieldsFound(input.fields as Record<string, unknown> | null), pinned: input.pinnedKnowledge });
    return {
      knowledge: knowledge.map((item) => ({ ...item, constraint: item.constraint ? { ...item.constraint } : null })),
      knowledgeUsed: knowledge.map(({ id, knowledgeId, version }) => ({ id, knowledgeId, version })),
    };
  },
  count: (output) => ({ knowledge: output.knowledge?.length ?? 0, degraded: output.knowledge?.filter((item) => item.degraded).length ?? 0 }),
});
