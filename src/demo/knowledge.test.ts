import { describe, expect, it } from 'vitest';
import { CONSTRAINT_FIELDS, isPresenceField, PRESENCE_VALUES } from '../knowledge/types.js';
import { DEMO_KNOWLEDGE } from './knowledge.js';

describe('demo knowledge', () => {
  it('has a rule for every constraint field, each valid for its field', () => {
    const constrained = DEMO_KNOWLEDGE.flatMap((item) => (item.constraint ? [item.constraint] : []));
    expect(new Set(constrained.map((constraint) => constraint.field))).toEqual(new Set(CONSTRAINT_FIELDS));
    for (const constraint of constrained) {
      if (isPresenceField(constraint.field)) {
        expect(PRESENCE_VALUES).toContain(constraint.value);
        expect(['=', '!=']).toContain(constraint.operator);
      } else if (constraint.field !== 'governingLaw') {
        expect(typeof constraint.value).toBe('number');
      }
    }
  });
});
