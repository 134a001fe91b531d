import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language.js';

describe('detectLanguage', () => {
  it('reads Chinese and English contracts', () => {
    expect(detectLanguage('甲方应于收到发票后三十日内付款。')).toBe('zh');
    expect(detectLanguage('Buyer shall pay within thirty days.')).toBe('en');
  });

  it('keeps the main language of mixed texts', () => {
    expect(detectLanguage('本合同由甲方 ACME Corporation 与乙方签订，适用 New York 法律。')).toBe('zh');
    expect(detectLanguage('This Agreement is made between 北京星河科技有限公司 and Acme Components, Inc. for the supply of servers.')).toBe(
      'en',
    );
  });

  it('calls empty text English', () => {
    expect(detectLanguage('')).toBe('en');
    expect(detectLanguage('12345 !!')).toBe('en');
  });
});

describe('detectLanguage: what counts', () => {
  it('counts the CJK unified ideographs and extension A at both ends of their ranges', () => {
    for (const han of ['\u4e00', '\u9fff', '\u3400', '\u4dbf']) expect(detectLanguage(`${han}abcd`), han).toBe('zh');
    for (const other of ['\u4dff', '\u33ff', '\ua000', '\u4dc0']) expect(detectLanguage(`${other}`), other).toBe('en');
  });

  it('counts Latin letters at both ends of A-Z and a-z, and nothing next to them', () => {
    // One Han character weighs four Latin letters: five letters outweigh it, four do not.
    for (const letters of ['AAAAA', 'ZZZZZ', 'aaaaa', 'zzzzz']) expect(detectLanguage(`中${letters}`), letters).toBe('en');
    expect(detectLanguage('中aaaa')).toBe('zh');
    for (const notLetters of ['@@@@@', '[[[[[', '`````', '{{{{{']) expect(detectLanguage(`中${notLetters}`), notLetters).toBe('zh');
  });

  it('samples the head and the tail of a long text, not its middle', () => {
    const english = 'The Supplier shall deliver the goods. '.repeat(700);
    const chinese = '甲方应当按期支付货款。'.repeat(3000);
    expect(english.length).toBeGreaterThan(20_000);
    expect(detectLanguage(`${english}${chinese}${english}`)).toBe('en');
    expect(detectLanguage(`${chinese}${english}${english}${english}${chinese}`)).toBe('zh');
  });

  it('reads the whole of a text up to twice the sample length', () => {
    const chinese = '甲方应当按期支付货款。'.repeat(1000);
    const english = 'x'.repeat(40_000 - 2 * chinese.length);
    const text = `${english}${chinese}${chinese}`;
    expect(text.length).toBe(40_000);
    expect(detectLanguage(text)).toBe('zh');
    expect(detectLanguage(`y${text}`)).toBe('zh');
  });
});
