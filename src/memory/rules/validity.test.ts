import { describe, expect, it } from 'vitest';
import { extractFactCandidates } from './fact-candidates.js';
import { statedValidity } from './validity.js';

const now = new Date('2026-06-15T10:00:00Z');
const at = (iso: string) => new Date(iso);

describe('statedValidity', () => {
  it('reads ranges, starts and single periods in English', () => {
    expect(statedValidity('I worked at Initech from 2021 to 2023', now)).toEqual({
      validFrom: at('2021-01-01'),
      validTo: at('2024-01-01'),
    });
    expect(statedValidity('between March 2020 and June 2022', now)).toEqual({ validFrom: at('2020-03-01'), validTo: at('2022-07-01') });
    expect(statedValidity('2019–2021 at Globex', now)).toEqual({ validFrom: at('2019-01-01'), validTo: at('2022-01-01') });
    expect(statedValidity('I have worked at Acme since 2022-03-15', now)).toEqual({ validFrom: at('2022-03-15'), validTo: null });
    expect(statedValidity('in 2022 I was at Hooli', now)).toEqual({ validFrom: at('2022-01-01'), validTo: at('2023-01-01') });
  });

  it('puts a month named without a year at its latest start up to the turn', () => {
    expect(statedValidity('I work at Acme since March', now)).toEqual({ validFrom: at('2026-03-01'), validTo: null });
    expect(statedValidity('I work at Acme since September', now)).toEqual({ validFrom: at('2025-09-01'), validTo: null });
  });

  it('reads Chinese ranges and starts', () => {
    expect(statedValidity('从2021年到2023年', now)).toEqual({ validFrom: at('2021-01-01'), validTo: at('2024-01-01') });
    expect(statedValidity('自2021年3月起', now)).toEqual({ validFrom: at('2021-03-01'), validTo: null });
  });

  it('says nothing when the text names no time or an impossible one', () => {
    expect(statedValidity('I work at Acme in Berlin', now)).toBeNull();
    expect(statedValidity('my junior marketing role', now)).toBeNull();
    expect(statedValidity('from 2023 to 2021', now)).toBeNull();
    expect(statedValidity('from 2021-13 to 2022', now)).toBeNull();
    expect(statedValidity('since 0001', now)).toBeNull();
  });
});

describe('fact candidates with validity', () => {
  it('gives a stated fact the validity of its clause, and none to the others', () => {
    const facts = extractFactCandidates('My name is Dana Lee, and I worked at Initech from 2021 to 2023.', now);
    expect(facts).toEqual([
      { category: 'profile', key: 'name', value: 'Dana Lee' },
      { category: 'business', key: 'company', value: 'Initech', validFrom: at('2021-01-01'), validTo: at('2024-01-01') },
    ]);
    expect(extractFactCandidates('I work at Globex since March', now)).toEqual([
      { category: 'business', key: 'company', value: 'Globex', validFrom: at('2026-03-01'), validTo: null },
    ]);
  });

  it('carries a clause that only says when to the statement after it', () => {
    expect(extractFactCandidates('从2021年到2023年，我在华为公司工作。', now)).toEqual([
      { category: 'business', key: 'company', value: '华为公司', validFrom: at('2021-01-01'), validTo: at('2024-01-01') },
    ]);
    expect(extractFactCandidates('我曾经从2021年到2023年在华为公司工作', now)).toEqual([
      { category: 'business', key: 'company', value: '华为公司', validFrom: at('2021-01-01'), validTo: at('2024-01-01') },
    ]);
  });

  it('a question about a period states nothing', () => {
    expect(extractFactCandidates('Where did I work in 2023?', now)).toEqual([]);
  });
});
