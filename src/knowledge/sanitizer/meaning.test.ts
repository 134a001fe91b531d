import { describe, expect, it } from 'vitest';
import {
  ENGLISH_MEANING_TERMS,
  MEANING_CATEGORIES,
  compareMeaning,
  findMeaningMarkers,
  hasMeaningWord,
  type MeaningSense,
} from './meaning.js';

const senses = (text: string) => findMeaningMarkers(text).map((marker) => `${marker.text}:${marker.sense}`);

describe('findMeaningMarkers', () => {
  it.each<[string, string[]]>([
    ['The Seller shall not disclose the price.', ['shall:prohibition', 'not:negation']],
    ['The Buyer may never resell; the Buyer must pay.', ['may:prohibition', 'never:negation', 'must:obligation']],
    [
      'Either party may terminate, if the other party will not cure.',
      ['may:permission', 'if:condition', 'will:prohibition', 'not:negation'],
    ],
    ['The Licensee cannot assign, unless agreed.', ['cannot:prohibition', 'cannot:negation', 'unless:exception']],
    [
      "The Agent can't and won't; it doesn't.",
      ["can't:prohibition", "can't:negation", "won't:prohibition", "won't:negation", "doesn't:negation"],
    ],
    [
      'Provided that, SUBJECT TO consent, save as agreed, other than fees',
      ['Provided:condition', 'SUBJECT TO:condition', 'save as:exception', 'other than:exception'],
    ],
    [
      'Notwithstanding clause 3, the Company is entitled and required to act only in the event of default.',
      ['Notwithstanding:exception', 'entitled:permission', 'required:obligation', 'only:exception', 'in the event:condition'],
    ],
    [
      'Neither party, nor any Affiliate, has no right; none; nothing; nobody.',
      ['Neither:negation', 'nor:negation', 'no:negation', 'none:negation', 'nothing:negation', 'nobody:negation'],
    ],
    [
      'It should and could; so long as, as long as, in case, on condition, conditional, providing, excepting',
      [
        'should:obligation',
        'could:permission',
        'so long as:condition',
        'as long as:condition',
        'in case:condition',
        'on condition:condition',
        'conditional:condition',
        'providing:condition',
        'excepting:exception',
      ],
    ],
    [
      'He is obliged or obligated, except as stated, without consent, save for fees, save that it will.',
      [
        'obliged:obligation',
        'obligated:obligation',
        'except:exception',
        'without:exception',
        'save for:exception',
        'save that:exception',
        'will:obligation',
      ],
    ],
  ])('reads %s', (text, expected) => {
    expect(senses(text)).toEqual(expected);
  });

  it('ignores words inside other words, the month of May, numbers and "would"', () => {
    expect(
      findMeaningMarkers('Notably, the mayor, knotty ifs, nonetheless, shallow, willow, the May 1, 2024 payment, due in May.'),
    ).toEqual([]);
    expect(findMeaningMarkers('Services that would have been rendered')).toEqual([]);
    expect(findMeaningMarkers('pre-if not-')).toEqual([]);
    expect(senses('May the Buyer pay? The fees. May apply.')).toEqual(['May:permission', 'May:permission']);
  });

  it('gives positions that slice back to the words', () => {
    const text = 'The Buyer shall not, unless the Seller agrees, pay if late.';
    const markers = findMeaningMarkers(text);
    expect(markers.map((marker) => marker.category)).toEqual(['modality', 'negation', 'exception', 'condition']);
    for (const marker of markers) expect(text.slice(marker.start, marker.end)).toBe(marker.text);
  });

  it.each<[string, string[]]>([
    ['未经甲方书面同意，乙方不得转让。', ['未经:exception', '未:negation', '不:negation', '不得:prohibition']],
    [
      '除非另有约定，买方应当付款；除本合同另有规定外，卖方可以解除。',
      ['除非:exception', '应当:obligation', '除:exception', '可以:permission'],
    ],
    [
      '如果逾期，若违约，假如、倘若、一旦、只要发生，如遇不可抗力',
      ['如果:condition', '若:condition', '假如:condition', '倘若:condition', '一旦:condition', '只要:condition', '如:condition'],
    ],
    ['例如如下所述，如何处理，如此，如同，如实，如期，如约，如数，如意', []],
    ['供应商相应对应响应适应反应答应回应效应感应呼应应用应收', []],
    ['认可许可不可抗力不动产可能可靠可行可见可观可疑可是可否须知从未未来无论', []],
    [
      '乙方必须、须、应该、有权、无权、禁止、严禁、勿、没有、非法、仅、只能、只限、例外、不能、不准、不可',
      [
        '必须:obligation',
        '须:obligation',
        '应该:obligation',
        '有权:permission',
        '无:negation',
        '无权:prohibition',
        '禁止:negation',
        '禁止:prohibition',
        '严禁:negation',
        '严禁:prohibition',
        '勿:negation',
        '没有:negation',
        '非:negation',
        '仅:exception',
        '只能:exception',
        '只限:exception',
        '例外:exception',
        '不:negation',
        '不能:prohibition',
        '不:negation',
        '不准:prohibition',
        '不:negation',
        '不可:prohibition',
      ],
    ],
    ['非经双方确认，不得动用；可向法院起诉', ['非经:exception', '非:negation', '不:negation', '不得:prohibition', '可:permission']],
  ])('reads the Chinese %s', (text, expected) => {
    expect(senses(text).sort()).toEqual([...expected].sort());
  });

  it('lists every category in its reporting order and every English term as a marker', () => {
    expect(MEANING_CATEGORIES).toEqual(['negation', 'exception', 'condition', 'modality']);
    for (const category of MEANING_CATEGORIES) {
      for (const term of ENGLISH_MEANING_TERMS[category]) {
        const [marker] = findMeaningMarkers(`The Party ${term} x.`);
        expect(marker, term).toMatchObject({ category, text: term });
      }
    }
  });
});

describe('contractions, dates and negated modal verbs', () => {
  it.each(["shan't", "couldn't", "shouldn't", "mustn't", 'can’t', "WON'T"])('reads %s as a prohibition and a negation', (word) => {
    expect(findMeaningMarkers(`The Agent ${word} act.`).map((marker) => marker.sense)).toEqual(['prohibition', 'negation']);
  });

  it('reads other contractions as a negation only, and "cannot" in any case', () => {
    expect(senses("It isn't and doesn't.")).toEqual(["isn't:negation", "doesn't:negation"]);
    expect(senses('It CANNOT.')).toEqual(['CANNOT:prohibition', 'CANNOT:negation']);
    expect(findMeaningMarkers('uncannot cannotx')).toEqual([]);
  });

  it('finds "not" or "never" only right after the modal verb', () => {
    expect(senses('It shall   never act.')).toEqual(['shall:prohibition', 'never:negation']);
    expect(senses('It shall notify; it will nevertheless act.')).toEqual(['shall:obligation', 'will:obligation']);
    expect(senses('It shall pay, not later.')).toEqual(['shall:obligation', 'not:negation']);
  });

  it('tells the month of May from the modal verb', () => {
    expect(senses('May 1, 2024 is the date.')).toEqual([]);
    expect(senses('may 1, 2024 is the date.')).toEqual([]);
    expect(senses('Due in May. May the Buyer pay?')).toEqual(['May:permission']);
    expect(senses('Due in May; May the Buyer pay?')).toEqual(['May:permission']);
    expect(senses('May the Buyer pay in May?')).toEqual(['May:permission']);
    expect(senses('The fee is 5; the Buyer may pay it by May 3, 2025.')).toEqual(['may:permission']);
  });
});

describe('hasMeaningWord', () => {
  it.each(['not', 'Shall', 'cannot', "won't", 'unless', 'provided', '不得', '如果', '应当', '可以', '未经'])('finds %s', (word) => {
    expect(hasMeaningWord(word)).toBe(true);
  });

  it.each(['nothingness', 'payment', '30 days', '供应商', '例如', '认可', 'USD 5,000', ''])('finds nothing in %s', (word) => {
    expect(hasMeaningWord(word)).toBe(false);
  });
});

describe('compareMeaning', () => {
  it('finds nothing between texts with the same senses, whatever the words', () => {
    expect(compareMeaning('The Buyer shall pay unless agreed.', 'Buyer must pay, except as agreed')).toBeNull();
    expect(compareMeaning('买方应当付款。', 'The Buyer shall pay.')).toBeNull();
    expect(compareMeaning('', '')).toBeNull();
  });

  it.each<[string, string, { category: string; change: string; sense: MeaningSense } | null]>([
    [
      'The Seller shall not disclose the price.',
      'The Seller shall disclose the price.',
      { category: 'negation', change: 'lost', sense: 'negation' },
    ],
    [
      'The Seller shall disclose the price.',
      'The Seller shall not disclose the price.',
      { category: 'negation', change: 'added', sense: 'negation' },
    ],
    ['Pay unless agreed.', 'Pay.', { category: 'exception', change: 'lost', sense: 'exception' }],
    ['Pay if due.', 'Pay.', { category: 'condition', change: 'lost', sense: 'condition' }],
    ['The Buyer may pay.', 'The Buyer shall pay.', { category: 'modality', change: 'lost', sense: 'permission' }],
    ['The Buyer pays.', 'The Buyer shall pay.', { category: 'modality', change: 'added', sense: 'obligation' }],
    ['The Buyer may not pay; the Seller may pay.', 'the Seller may pay.', { category: 'negation', change: 'lost', sense: 'negation' }],
    // Several differences: the first category wins, and within it a loss before a gain.
    ['Pay if due, unless agreed, not later.', 'Must pay.', { category: 'negation', change: 'lost', sense: 'negation' }],
    ['Pay if due.', 'Pay unless agreed.', { category: 'exception', change: 'added', sense: 'exception' }],
    ['The Buyer may pay.', 'The Buyer must pay.', { category: 'modality', change: 'lost', sense: 'permission' }],
    ['The Buyer must pay.', 'The Buyer may pay.', { category: 'modality', change: 'lost', sense: 'obligation' }],
    ['The Buyer shall not pay.', 'The Buyer shall pay not.', { category: 'modality', change: 'lost', sense: 'prohibition' }],
  ])('compares "%s" with "%s"', (source, candidate, expected) => {
    expect(compareMeaning(source, candidate)).toEqual(expected);
  });
});
