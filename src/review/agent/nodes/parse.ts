import { extractFields } from '../../extraction/index.js';
import { defineNode } from '../contract.js';
import { containsInstructionInjection } from './injection.js';

/** parse: clauses, language and typed fields, by the deterministic extractor. */
export const parseNode = defineNode({
  name: 'parse',
  description:
    'Splits the contract into clauses, detects zh or en, extracts typed fields with evidence spans, and flags instructions aimed at the reviewer.',
  reads: ['text'],
  writes: ['language', 'clauses', 'fields', 'flags'],
  async run(input) {
    const { clauses, ...fields } = extractFields(input.text);
    return {
      language: fields.language,
      clauses: clauses.map(({ index, heading, start, end }) => ({ index, heading, start, end })),
      fields,
      flags: containsInstructionInjection(input.text) ? ['INSTRUCTION_INJECTION'] : [],
    };
  },
  count: (output) => ({
    clauses: output.clauses?.length ?? 0,
    fieldsFound: Object.entries(output.fields ?? {}).filter(([key, value]) => key !== 'language' && value !== null).length,
    flags: output.flags?.length ?? 0,
  }),
});
