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
