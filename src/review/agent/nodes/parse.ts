import { extractFields } from '@suanni/clause-extraction';
import { defineNode } from '../contract.js';
import { containsInstructionInjection } from './injection.js';
import { assistExtraction } from './model-extraction.js';

/**
 * parse: clauses, language and typed fields, by the deterministic extractor; with
 * `SUANNI_MODEL_EXTRACTION=assist` and a model configured, the model may add clause kinds the
 * rules missed (see model-extraction.ts).
 */
export const parseNode = defineNode({
  name: 'parse',
  description:
    'Splits the contract into clauses, detects zh or en, extracts typed fields with evidence spans, and ' +
    'flags instructions aimed at the reviewer; optionally asks the model for clause kinds the rules ' +
    'missed.',
  reads: ['text'],
  writes: ['language', 'clauses', 'fields', 'flags', 'degraded', 'modelCalls'],
  async run(input, deps) {
    let extracted = extractFields(input.text);
    const assisted =
      deps.modelExtraction === 'assist' && deps.provider.name !== 'rules' ? await assistExtraction(extracted, deps.provider) : null;
    if (assisted) extracted = assisted.contract;
    const { clauses, ...fields } = extracted;
    const base = {
      language: fields.language,
      clauses: clauses.map(({ index, heading, start, end }) => ({ index, heading, start, end })),
      fields,
      flags: containsInstructionInjection(input.text) ? ['INSTRUCTION_INJECTION'] : [],
    };
    if (!assisted?.call) return base;
    const { call } = assisted;
    return {
      ...base,
      degraded: call.degraded,
      modelCalls: [
        {
          node: 'parse',
          provider: call.provider,
          model: call.model,
          degraded: call.degraded,
          reason: call.degradedReason ?? null,
          inputTokens: call.usage.inputTokens,
          outputTokens: call.usage.outputTokens,
        },
      ],
    };
  },
  count: (output) => ({
    clauses: output.clauses?.length ?? 0,
    fieldsFound: Object.entries(output.fields ?? {}).filter(([key, value]) => key !== 'language' && value !== null).length,
    flags: output.flags?.length ?? 0,
    modelAdded: Object.values(output.fields ?? {}).filter((value) => (value as { source?: string } | null)?.source === 'model').length,
  }),
});
