import { describe, expect, it } from 'vitest';
import { firstSentence, LIST_ITEM, leadIn, noticeDurations } from './sentence-rules.js';
import { buildTextView } from './text-view.js';

const viewOf = (text: string) => buildTextView(text, []);
/** `[value, unit]` of every duration that reads as a notice period. */
const noticesIn = (text: string) => noticeDurations(text).map(({ value, unit }) => [value, unit]);

describe('firstSentence', () => {
  const view = viewOf('The term is one year. Either party may terminate. Notice is due in writing.');

  it('returns the first sentence, in order, that passes the test, with its index', () => {
    const hit = firstSentence(view, ({ text }) => text.includes('party') || text.includes('Notice'));
    expect(hit).toMatchObject({ index: 1, sentence: { text: 'Either party may terminate.' } });
  });

  it('passes each sentence its index', () => {
    const seen: number[] = [];
    firstSentence(view, (_, index) => {
      seen.push(index);
      return false;
    });
    expect(seen).toEqual([0, 1, 2]);
    expect(firstSentence(view, (_, index) => index === 2)?.sentence.text).toBe('Notice is due in writing.');
  });

  it('is null when no sentence passes', () => {
    expect(firstSentence(view, () => false)).toBeNull();
    expect(firstSentence(viewOf(''), () => true)).toBeNull();
  });
});

describe('list items', () => {
  it.each([
    '(a) upon notice',
    'a) upon notice',
    '(A) upon notice',
    '(1) upon notice',
    '(12) upon notice',
    '(iv) upon notice',
    '(viii) upon notice',
    '  (b) upon notice',
  ])('%j is a list item', (text) => {
    expect(LIST_ITEM.test(text)).toBe(true);
  });

  it.each(['(123) upon notice', '(ab) upon notice', '(ivxiv) upon notice', '(a)upon notice', 'upon notice (a) of', 'a. upon notice'])(
    '%j is not a list item',
    (text) => {
      expect(LIST_ITEM.test(text)).toBe(false);
    },
  );
});

describe('leadIn', () => {
  it('reads the text before the colon of the sentence that opens the list', () => {
    const view = viewOf('Licensor may terminate this Agreement:\n\n(a) upon notice;\n\n(b) upon breach.');
    expect(view.sentences.map(({ text }) => text)).toEqual([
      'Licensor may terminate this Agreement:',
      '(a) upon notice;',
      '(b) upon breach.',
    ]);
    expect(leadIn(view, 1)).toBe('Licensor may terminate this Agreement');
    expect(leadIn(view, 2)).toBe('Licensor may terminate this Agreement');
  });

  it('reads a lead-in that shares its sentence with the first item', () => {
    const view = viewOf('Licensor may terminate this Agreement: (1) upon notice;\n(2) upon breach.');
    expect(leadIn(view, 1)).toBe('Licensor may terminate this Agreement');
    const spaced = viewOf('Licensor may terminate:(iv) upon notice;\n(v) upon breach.');
    expect(leadIn(spaced, 1)).toBe('Licensor may terminate');
    expect(leadIn(viewOf('Licensor may terminate: (a) upon notice;\n\n(b) upon breach.'), 1)).toBe('Licensor may terminate');
    expect(leadIn(viewOf('Licensor may terminate: a) upon notice;\n\nb) upon breach.'), 1)).toBe('Licensor may terminate');
    expect(leadIn(viewOf('Licensor may terminate: (12) upon notice;\n\n(13) upon breach.'), 1)).toBe('Licensor may terminate');
  });

  it('looks back at most six sentences, unless they are items of the same list', () => {
    const items = (count: number) => Array.from({ length: count }, (_, index) => `(${index + 1}) item ${index + 1};`).join('\n\n');
    const sentences = (count: number) => Array.from({ length: count }, (_, index) => `Sentence ${index + 1}.`).join(' ');
    const six = viewOf(`The Company may:\n\n${sentences(5)}\n\n(a) item;`);
    expect(six.sentences).toHaveLength(7);
    expect(leadIn(six, 6)).toBe('The Company may');
    const seven = viewOf(`The Company may:\n\n${sentences(6)}\n\n(a) item;`);
    expect(leadIn(seven, 7)).toBe('');
    // "Owner may terminate ... upon any of the following: (a) ... (k) an Operator Change of Control".
    const long = viewOf(`The Company may:\n\n${items(11)}`);
    expect(long.sentences).toHaveLength(12);
    expect(leadIn(long, 11)).toBe('The Company may');
    expect(leadIn(viewOf(`The Company may:\n\n${items(30)}`), 30)).toBe('');
  });

  it('is empty for the first sentence and when no sentence before ends with a colon', () => {
    const view = viewOf('Note: this is informative.\n(a) upon notice.');
    expect(leadIn(view, 0)).toBe('');
    expect(leadIn(view, 1)).toBe('');
  });

  it('takes the nearest lead-in', () => {
    const view = viewOf('The Buyer may:\n\n(a) order.\n\nThe Seller may:\n\n(b) deliver.');
    expect(leadIn(view, 3)).toBe('The Seller may');
  });
});

describe('notice periods', () => {
  it.each([
    'thirty (30) days prior written notice',
    "30 days' written notice",
    '30 days advance notice',
    '30 days notice',
    '30 days notification',
    'three months in advance',
    '10 days before the end of the term',
    'sixty days, prior to the end',
    'thirty days (30) prior notice',
    '30 days ) notice',
    '30 days written advance notice',
    '30 days written prior notice',
  ])('reads %j as a notice period', (text) => {
    expect(noticeDurations(text)).toHaveLength(1);
  });

  it.each([
    'notice of thirty (30) days',
    'notice of at least 30 days',
    'notice of not less than 30 days',
    'notice to the other Party of at least 3 months',
    'notice to each other party of 3 months',
    'notice to either party of 3 months',
    'notice to parties of 3 months',
    'a notice period of 60 days',
    'the notice is 60 days',
    'the notification shall be at least 60 days',
    'notification of 60 days',
  ])('reads %j as a notice period', (text) => {
    expect(noticeDurations(text)).toHaveLength(1);
  });

  it.each([
    ['提前三十日通知', 30],
    ['三十日前通知', 30],
    ['三十日以前', 30],
    ['三十日之前', 30],
    ['三十日书面通知', 30],
    ['期满前三十日', 30],
    ['届满之日以前三十日', 30],
    ['到期日之前 三十日', 30],
    ['终止前三十日', 30],
    ['届满前至少叁拾日', 30],
    ['提前 不少于三十日', 30],
    ['提前三十日', 30],
    ['提前 三十日', 30],
  ] as const)('reads the Chinese %j as a notice period of %d days', (text, value) => {
    expect(noticesIn(text)).toEqual([[value, 'day']]);
  });

  it.each([
    'within 30 days after receipt of the invoice',
    'a term of 2 years',
    'notice, and within 30 days',
    '30 days later the notice is sent',
    'payment within 30 days. The notice',
    'notice of intent to renew for 30 days',
    '三十日内付款',
    '提前完成后三十日内付款',
    '期满前完成验收，验收后三十日内付款',
  ])('does not read %j as a notice period', (text) => {
    expect(noticeDurations(text)).toEqual([]);
  });

  it('keeps the notice periods among other durations, in order', () => {
    expect(noticesIn('For a term of 2 years, renewable on 60 days notice, or 3 months prior to expiry.')).toEqual([
      [60, 'day'],
      [3, 'month'],
    ]);
  });

  it('reads the words right before a duration late in a long text', () => {
    const filler = 'The parties have agreed on the following terms and conditions. ';
    expect(noticesIn(`${filler}${filler}Either party may end it on notice of 30 days.`)).toEqual([[30, 'day']]);
    expect(noticesIn(`${filler}${filler}Either party may end it within 30 days.`)).toEqual([]);
  });
});
