import { describe, expect, it } from 'vitest';
import type { Clause } from './types.js';
import {
  buildTextView,
  clauseIndexAt,
  evidenceFor,
  evidenceInSentence,
  MAX_SENTENCE_LENGTH,
  normalise,
  shorten,
  splitSentences,
} from './text-view.js';

const sentencesOf = (text: string) => splitSentences(normalise(text).text).map(({ text: sentence }) => sentence);
const clauseAt = (start: number) => ({ start }) as Clause;

describe('normalise: whitespace', () => {
  it('collapses a run of spaces, tabs and single line breaks into one space', () => {
    expect(normalise('a  b\t\tc\nd \r\n e').text).toBe('a b c d e');
  });

  it('turns a run with two or more line breaks into one paragraph break', () => {
    expect(normalise('a\n\nb \n \n \n c').text).toBe('a\nb\nc');
  });

  it('drops whitespace at the start and the end', () => {
    expect(normalise('  \n\n a b \n\n ').text).toBe('a b');
  });

  it.each([
    ['tab', '\t'],
    ['vertical tab', '\v'],
    ['form feed', '\f'],
    ['carriage return', '\r'],
    ['no-break space', '\u00a0'],
    ['ideographic space', '\u3000'],
    ['byte order mark', '\ufeff'],
    ['en quad', '\u2000'],
    ['thin space', '\u2009'],
    ['zero-width space', '\u200b'],
  ])('reads a %s as whitespace', (_, space) => {
    expect(normalise(`a${space}${space}b`).text).toBe('a b');
  });

  it.each([
    ['ogham space mark', '\u1680'],
    ['line separator', '\u2028'],
    ['paragraph separator', '\u2029'],
    ['narrow no-break space', '\u202f'],
    ['medium mathematical space', '\u205f'],
  ])('reads a %s as whitespace too', (_, space) => {
    expect(normalise(`a${space}${space}b`).text).toBe('a b');
  });

  // The rules write `\s` for the space between two words: that is exact only if no two whitespace
  // characters (in JavaScript's sense) ever stand side by side in normalised text.
  it('leaves no two whitespace characters side by side, for every character `\\s` matches', () => {
    const spaces: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      const character = String.fromCharCode(code);
      if (/\s/.test(character)) spaces.push(character);
    }
    expect(spaces.length).toBeGreaterThan(20);
    for (const first of spaces) {
      for (const second of spaces) {
        const { text } = normalise(`word${first}${second}\n${first}word`);
        expect(text, `U+${first.charCodeAt(0).toString(16)} U+${second.charCodeAt(0).toString(16)}`).toMatch(/^word\sword$/);
      }
    }
  });

  it.each([
    ['backspace', '\b'],
    ['shift out', '\u000e'],
    ['a character before the en quad', '\u1fff'],
    ['zero-width non-joiner', '\u200c'],
  ])('keeps a %s', (_, character) => {
    expect(normalise(`a${character}b`).text).toBe(`a${character}b`);
  });
});

describe('normalise: folded characters', () => {
  it('folds full-width digits and letters to ASCII, and nothing next to them', () => {
    expect(normalise('０９ＡＺａｚ').text).toBe('09AZaz');
    expect(normalise('／：＠［｀｛').text).toBe('／：＠［｀｛');
  });

  it.each([
    ['\u201c', '"'],
    ['\u201d', '"'],
    ['\u201e', '"'],
    ['\u2018', "'"],
    ['\u2019', "'"],
    ['\u2010', '-'],
    ['\u2011', '-'],
    ['\u2012', '-'],
    ['\u2013', '-'],
    ['\u2014', '-'],
    ['\u2212', '-'],
    ['\uff05', '%'],
    ['\uff0c', '，'],
  ])('folds %j to %j', (from, to) => {
    expect(normalise(`a${from}b`).text).toBe(`a${to}b`);
  });
});

describe('normalise: offsets', () => {
  it('maps every position back to the original, a collapsed run to its first character', () => {
    const { text, originalOffset } = normalise('  ab   c\n\nd ');
    expect(text).toBe('ab c\nd');
    expect([...originalOffset]).toEqual([2, 3, 4, 7, 8, 10, 12]);
  });

  it('maps the empty text to its length', () => {
    expect([...normalise('').originalOffset]).toEqual([0]);
    expect([...normalise('   ').originalOffset]).toEqual([3]);
  });
});

describe('splitSentences', () => {
  it('cuts after a full stop, an exclamation or a question mark before a capital, a digit, a bracket or a quote', () => {
    expect(sentencesOf('One. Two! Three? 4 is next. (a) item. "Quoted" text. [Bracketed] text. 中文开头。')).toEqual([
      'One.',
      'Two!',
      'Three?',
      '4 is next.',
      '(a) item.',
      '"Quoted" text.',
      '[Bracketed] text.',
      '中文开头。',
    ]);
  });

  it('does not cut before a lower-case word, inside a number or at the end of a word', () => {
    expect(sentencesOf('See p. five. Pay 1.5 now.Then go')).toEqual(['See p. five.', 'Pay 1.5 now.Then go']);
  });

  it('cuts at Chinese full stops, exclamations and questions, but not at semicolons', () => {
    expect(sentencesOf('甲方付款。乙方交货！是否验收？验收合格；付款。')).toEqual([
      '甲方付款。',
      '乙方交货！',
      '是否验收？',
      '验收合格；付款。',
    ]);
  });

  it('does not cut after a known abbreviation or an initial, unless a paragraph follows', () => {
    expect(sentencesOf('Acme Inc. Sells goods. Mr. Smith signs. J. Doe agrees. Per e.g. Rules apply.')).toEqual([
      'Acme Inc. Sells goods.',
      'Mr. Smith signs.',
      'J. Doe agrees.',
      'Per e.g. Rules apply.',
    ]);
    expect(sentencesOf('Acme Inc.\n\nThe Seller agrees.')).toEqual(['Acme Inc.', 'The Seller agrees.']);
  });

  it('cuts before a bullet that follows a space', () => {
    expect(sentencesOf('Duties: • deliver goods • invoice them ▪ keep records \uf0b7 report · audit')).toEqual([
      'Duties:',
      '• deliver goods',
      '• invoice them',
      '▪ keep records',
      '\uf0b7 report',
      '· audit',
    ]);
    expect(sentencesOf('a•b')).toEqual(['a•b']);
  });

  it('cuts at a paragraph break after closing punctuation, before a numbered item, or between capitals', () => {
    expect(sentencesOf('Terms:\n\nthe first\n\nthe second;\n\nthird part)\n\nfourth\n\n1.2 Fees apply\n\nTITLE\n\nBody text')).toEqual([
      'Terms:',
      'the first\nthe second;',
      'third part)',
      'fourth',
      '1.2 Fees apply\nTITLE',
      'Body text',
    ]);
  });

  it.each([
    '(a) x',
    'a) x',
    '(12) x',
    '12) x',
    '1.2.3 x',
    '4. x',
    'B. x',
    '第三条 x',
    '第12章 x',
    '三、 x',
    '二. x',
    '（二） x',
    '（12） x',
  ])('cuts before the list marker %j after a paragraph break', (item) => {
    expect(sentencesOf(`lead in\n\n${item}`)).toEqual(['lead in', item]);
  });

  it('keeps a paragraph break without a reason to cut inside the sentence', () => {
    expect(sentencesOf('the Seller\n\nshall deliver')).toEqual(['the Seller\nshall deliver']);
  });

  it(`cuts a sentence longer than ${MAX_SENTENCE_LENGTH} characters at its last space before the limit`, () => {
    const words = 'word '.repeat(700).trim();
    const pieces = splitSentences(words);
    expect(pieces.every(({ text }) => text.length <= MAX_SENTENCE_LENGTH)).toBe(true);
    expect(pieces.map(({ text }) => text).join(' ')).toBe(words);
    expect(pieces[0]!.text.endsWith('word')).toBe(true);
    expect(pieces[0]).toMatchObject({ start: 0, end: 1499 });
    expect(pieces[1]!.start).toBe(1500);
  });

  it('cuts a sentence without a space in its second half hard at the limit', () => {
    const text = `${'a'.repeat(600)} ${'b'.repeat(1000)}`;
    const pieces = splitSentences(text);
    expect(pieces.map(({ start, end }) => [start, end])).toEqual([
      [0, 1500],
      [1500, 1601],
    ]);
  });

  it('cuts at exactly the limit only above it', () => {
    expect(splitSentences('a'.repeat(MAX_SENTENCE_LENGTH))).toHaveLength(1);
    expect(splitSentences('a'.repeat(MAX_SENTENCE_LENGTH + 1))).toHaveLength(2);
  });

  it('gives offsets of the trimmed sentences', () => {
    expect(splitSentences('One.\nTwo. ')).toEqual([
      { start: 0, end: 4, text: 'One.' },
      { start: 5, end: 9, text: 'Two.' },
    ]);
    expect(splitSentences('')).toEqual([]);
  });
});

describe('clauseIndexAt', () => {
  const clauses = [clauseAt(0), clauseAt(10), clauseAt(20), clauseAt(30)];

  it('finds the last clause that starts at or before the offset', () => {
    expect([0, 9, 10, 11, 19, 20, 29, 30, 99].map((offset) => clauseIndexAt(clauses, offset))).toEqual([0, 0, 1, 1, 1, 2, 2, 3, 3]);
  });

  it('is 0 before the first clause and without clauses', () => {
    expect(clauseIndexAt([clauseAt(5), clauseAt(10)], 2)).toBe(0);
    expect(clauseIndexAt([], 5)).toBe(0);
  });
});

describe('evidence', () => {
  const original = 'Intro.\n\nThe  price is $5.';
  const view = buildTextView(original, [clauseAt(0), clauseAt(8)]);

  it('maps a span of the normalised text to the original, across collapsed whitespace', () => {
    const start = view.text.indexOf('The');
    const end = view.text.indexOf('$5') + 2;
    expect(evidenceFor(view, start, end)).toEqual({ start: 8, end: 24, clauseIndex: 1 });
    expect(original.slice(8, 24)).toBe('The  price is $5');
  });

  it('covers the last character of the span', () => {
    const start = view.text.indexOf('$5');
    expect(original.slice(evidenceFor(view, start, start + 2).start, evidenceFor(view, start, start + 2).end)).toBe('$5');
    expect(evidenceFor(view, 0, 6)).toEqual({ start: 0, end: 6, clauseIndex: 0 });
  });

  it('maps an empty span to an empty span', () => {
    expect(evidenceFor(view, 3, 3)).toEqual({ start: 3, end: 3, clauseIndex: 0 });
  });

  it('maps the end of the text to the end of the original', () => {
    expect(evidenceFor(view, view.text.length, view.text.length)).toMatchObject({ start: original.length, end: original.length });
    expect(evidenceFor(view, 100, 100)).toMatchObject({ start: original.length, end: original.length });
    expect(evidenceFor(view, 0, 100)).toMatchObject({ start: 0, end: original.length });
  });

  it('maps a span inside a sentence from offsets relative to it', () => {
    const sentence = view.sentences[1]!;
    expect(sentence.text).toBe('The price is $5.');
    expect(evidenceInSentence(view, sentence, 4, 9)).toEqual({ start: 13, end: 18, clauseIndex: 1 });
    expect(original.slice(13, 18)).toBe('price');
  });
});

describe('shorten', () => {
  it('collapses whitespace and keeps text up to the limit', () => {
    expect(shorten('  a \n b  ')).toBe('a b');
    expect(shorten('abcde', 5)).toBe('abcde');
  });

  it('cuts longer text to the limit, ellipsis included', () => {
    expect(shorten('abcdef', 5)).toBe('abcd…');
    expect(shorten('x'.repeat(301))).toBe(`${'x'.repeat(299)}…`);
    expect(shorten('x'.repeat(300))).toBe('x'.repeat(300));
  });
});

describe('buildTextView', () => {
  it('keeps the original and the clauses, and splits the normalised text', () => {
    const clauses = [clauseAt(0)];
    const view = buildTextView(' One.  Two. ', clauses);
    expect(view).toMatchObject({ original: ' One.  Two. ', text: 'One. Two.', clauses });
    expect(view.sentences.map(({ text }) => text)).toEqual(['One.', 'Two.']);
    expect(view.originalOffset).toHaveLength(10);
  });
});
