import { describe, expect, it } from 'vitest';
import { extractFactCandidates } from './fact-candidates.js';
import { questionTopic, rulesReply } from './identity-answers.js';
import { knownDetails, mergeIntoSummary, SUMMARY_MAX_CHARS } from './summarizer.js';

describe('extractFactCandidates', () => {
  it.each([
    [
      '我叫张三，我是华东区的，我的工号是A-7。',
      [
        ['name', '张三'],
        ['region', '华东区'],
        ['employeeId', 'A-7'],
      ],
    ],
    [
      'My name is Alice Chen and my employee ID is E-1024.',
      [
        ['name', 'Alice Chen'],
        ['employeeId', 'E-1024'],
      ],
    ],
    [
      "I'm in the North region. Please answer in English.",
      [
        ['region', 'North region'],
        ['language', 'en'],
      ],
    ],
    [
      '请用中文回答。我在招商银行工作。',
      [
        ['language', 'zh'],
        ['company', '招商银行'],
      ],
    ],
  ])('reads statements: %s', (text, expected) => {
    expect(extractFactCandidates(text).map((fact) => [fact.key, fact.value])).toEqual(expected);
  });

  it.each(['我叫什么？', '我是哪个区的？', 'What is my name?', 'which region am I in?', '我的工号是多少？'])(
    'never reads a question as a fact: %s',
    (text) => {
      expect(extractFactCandidates(text)).toEqual([]);
    },
  );
});

describe('rulesReply', () => {
  const known = { facts: [{ category: 'profile', key: 'region', value: '华东区' }], summary: '', recentUserMessages: ['我叫张三。'] };

  it('answers from the rendered context in the language asked', () => {
    expect(rulesReply('我叫什么？', known, [])).toBe('你叫张三。');
    expect(rulesReply('我是哪个区的？', known, [])).toBe('你的所在区域是华东区。');
    expect(rulesReply('What is my name?', known, [])).toBe('Your name is 张三.');
  });

  it('answers every detail a compound question asks about, in the order asked', () => {
    const facts = {
      facts: [
        { category: 'profile', key: 'name', value: 'Ann Lee' },
        { category: 'business', key: 'company', value: 'Acme' },
        { category: 'profile', key: 'employeeId', value: 'E-1024' },
        { category: 'profile', key: 'region', value: 'East' },
      ],
      summary: '',
      recentUserMessages: [],
    };
    expect(rulesReply('What is my name, where do I work and what is my employee id?', facts, [])).toBe(
      'Your name is Ann Lee. Your company is Acme. Your employee ID is E-1024.',
    );
    expect(rulesReply('我叫什么，在哪个公司，工号是多少？', facts, [])).toBe('你叫Ann Lee。你的公司是Acme。你的工号是E-1024。');
  });

  it('says plainly when it does not know', () => {
    expect(rulesReply('我的工号是多少？', known, [])).toMatch(/不知道/);
    expect(rulesReply('what is my employee id?', known, [])).toMatch(/don't know/);
  });

  it('prefers what the user said last over older facts', () => {
    expect(
      rulesReply(
        'what is my name?',
        { facts: [{ category: 'profile', key: 'name', value: 'Old Name' }], summary: '', recentUserMessages: ['My name is New Name.'] },
        [],
      ),
    ).toBe('Your name is New Name.');
  });

  it('recognises questions', () => {
    expect(questionTopic('我叫什么')).toBe('name');
    expect(questionTopic('who am I?')).toBe('name');
    expect(questionTopic('hello')).toBeNull();
  });
});

describe('mergeIntoSummary', () => {
  it('keeps stated details as Known entries (newest wins) and stays bounded', () => {
    let summary = '';
    summary = mergeIntoSummary(summary, [
      { role: 'user', content: '我叫张三' },
      { role: 'assistant', content: '好的' },
    ]);
    for (let i = 0; i < 50; i += 1)
      summary = mergeIntoSummary(summary, [{ role: 'user', content: `订单${i}的物流状态是什么？请尽快告诉我，谢谢。` }]);
    summary = mergeIntoSummary(summary, [{ role: 'user', content: 'My name is Li Si' }]);
    expect(knownDetails(summary).get('name')).toBe('Li Si');
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
    expect(summary.split('\n').at(-1)).toMatch(/^Known: /);
  });
});
