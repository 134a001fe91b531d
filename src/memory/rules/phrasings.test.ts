import { describe, expect, it } from 'vitest';
import { splitClauses } from './clauses.js';
import { extractFactCandidates } from './fact-candidates.js';
import { questionTopic, rulesReply } from './identity-answers.js';

const facts = (text: string) => extractFactCandidates(text).map((fact) => [fact.category, fact.key, fact.value]);

describe('extractFactCandidates: compound statements give one clean value per detail', () => {
  it.each([
    [
      'My name is Bob Stone and my employee id is B-7.',
      [
        ['profile', 'name', 'Bob Stone'],
        ['profile', 'employeeId', 'B-7'],
      ],
    ],
    [
      'I work at Globex Ltd and my employee id is E-1024.',
      [
        ['business', 'company', 'Globex Ltd'],
        ['profile', 'employeeId', 'E-1024'],
      ],
    ],
    [
      'Hi, I am Carol Diaz, and I work for Initech.',
      [
        ['profile', 'name', 'Carol Diaz'],
        ['business', 'company', 'Initech'],
      ],
    ],
    [
      'Call me Dana; my staff number is 4471.',
      [
        ['profile', 'name', 'Dana'],
        ['profile', 'employeeId', '4471'],
      ],
    ],
    [
      'My employee ID: X-99. I work for Bank of America as an analyst.',
      [
        ['profile', 'employeeId', 'X-99'],
        ['business', 'company', 'Bank of America'],
      ],
    ],
    [
      "I'm employed by Procter and Gamble, and my name is Eve Park.",
      [
        ['business', 'company', 'Procter and Gamble'],
        ['profile', 'name', 'Eve Park'],
      ],
    ],
    [
      'My company is Umbrella Corp. My region is the West region.',
      [
        ['business', 'company', 'Umbrella Corp'],
        ['profile', 'region', 'West region'],
      ],
    ],
    [
      'I work at Globex Ltd. and I prefer English.',
      [
        ['business', 'company', 'Globex Ltd'],
        ['preference', 'language', 'en'],
      ],
    ],
    ['My name is Alice J. Chen.', [['profile', 'name', 'Alice J. Chen']]],
    [
      'I work for AT&T but my employee number is 77-A',
      [
        ['business', 'company', 'AT&T'],
        ['profile', 'employeeId', '77-A'],
      ],
    ],
    ['My name is Bob. Actually, call me Rob.', [['profile', 'name', 'Rob']]],
    ['My name is Bob, not Robert.', [['profile', 'name', 'Bob']]],
    ['My name is Bob Stone, what is my employee id?', [['profile', 'name', 'Bob Stone']]],
    [
      '我叫李雷，我的工号是C-12，我在招商银行工作。',
      [
        ['profile', 'name', '李雷'],
        ['profile', 'employeeId', 'C-12'],
        ['business', 'company', '招商银行'],
      ],
    ],
    [
      '我叫王芳并且我就职于华为公司',
      [
        ['profile', 'name', '王芳'],
        ['business', 'company', '华为公司'],
      ],
    ],
    [
      '我叫赵六我在建设银行上班',
      [
        ['profile', 'name', '赵六'],
        ['business', 'company', '建设银行'],
      ],
    ],
    [
      '我是华北区的，请用英文回答。',
      [
        ['profile', 'region', '华北区'],
        ['preference', 'language', 'en'],
      ],
    ],
    ['我不太确定，但是我的员工编号是D-3', [['profile', 'employeeId', 'D-3']]],
  ])('%s', (text, expected) => {
    expect(facts(text)).toEqual(expected);
  });
});

describe('extractFactCandidates: questions and negations state nothing', () => {
  it.each([
    'What company do I work for?',
    'Where do I work?',
    'What is my employee id?',
    'what is my employee id',
    'Is my employee id E-1024?',
    'Do I work at Globex?',
    'I work at Globex Ltd?',
    'Tell me my employee number.',
    'What is my name and employee id?',
    'my name is not Bob',
    "My name isn't Bob.",
    'I am not Bob.',
    'My employee id is not known yet.',
    "I don't work at Globex anymore.",
    'I never worked for Initech.',
    '我不叫张三。',
    '我的名字不是张三',
    '我的工号不是A-7',
    '请不要用英文回答',
    '我没在招商银行工作',
    '我的工号是多少？',
    '我在哪家公司工作',
    '我叫什么名字？',
  ])('%s', (text) => {
    expect(extractFactCandidates(text)).toEqual([]);
  });
});

describe('questionTopic: a question is marked by a question mark or an interrogative opening', () => {
  it.each([
    ['What company do I work for?', 'company'],
    ['Where do I work?', 'company'],
    ['who do I work for', 'company'],
    ['Which company am I with', 'company'],
    ["What's my employer?", 'company'],
    ['What is my employee id?', 'employeeId'],
    ["what's my staff number", 'employeeId'],
    ['Tell me my employee number.', 'employeeId'],
    ['My employee id is E-1024, right?', 'employeeId'],
    ['Do you know my name?', 'name'],
    ['who am I', 'name'],
    ['Hi, what is my name?', 'name'],
    ['My name is Bob Stone, what is my employee id?', 'employeeId'],
    ['Which region am I in?', 'region'],
    ['Where am I from?', 'region'],
    ['What language do I prefer?', 'language'],
    ['我在哪家公司工作？', 'company'],
    ['我在哪里上班', 'company'],
    ['我的工号是多少', 'employeeId'],
    ['我叫什么名字？', 'name'],
    ['我是哪个区的', 'region'],
    ['我喜欢什么语言？', 'language'],
    ['My name is Bob Stone and my employee id is B-7.', null],
    ['I work at Globex Ltd and my employee id is E-1024.', null],
    ['What is your name?', null],
    ['What company makes this?', null],
    ['What time is it?', null],
    ['我叫张三。', null],
    ['hello', null],
  ])('%s → %s', (text, topic) => {
    expect(questionTopic(text)).toBe(topic);
  });
});

describe('splitClauses', () => {
  it.each([
    [
      'My name is Bob Stone and my employee id is B-7.',
      [
        ['My name is Bob Stone', false],
        ['my employee id is B-7.', false],
      ],
    ],
    [
      'Hi, what is my name?',
      [
        ['Hi', false],
        ['what is my name?', true],
      ],
    ],
    ['My employee id is E-1024, right?', [['My employee id is E-1024, right?', true]]],
    [
      'Procter and Gamble, Inc. is where I work. Is that right?',
      [
        ['Procter and Gamble, Inc. is where I work.', false],
        ['Is that right?', true],
      ],
    ],
    [
      '我叫张三，我在哪个区？',
      [
        ['我叫张三', false],
        ['我在哪个区？', true],
      ],
    ],
    ['Version 3.5 of E.ON is mine', [['Version 3.5 of E.ON is mine', false]]],
  ])('%s', (text, expected) => {
    expect(splitClauses(text).map((clause) => [clause.text, clause.question])).toEqual(expected);
  });
});

describe('rulesReply answers from remembered facts', () => {
  const remembered = {
    facts: [
      { category: 'business', key: 'company', value: 'Globex Ltd' },
      { category: 'profile', key: 'employeeId', value: 'E-1024' },
    ],
    summary: '',
    recentUserMessages: [],
  };

  it.each([
    ['What company do I work for?', 'Your company is Globex Ltd.'],
    ['Where do I work?', 'Your company is Globex Ltd.'],
    ['What is my employee id?', 'Your employee ID is E-1024.'],
    ['我在哪家公司工作？', '你的公司是Globex Ltd。'],
    ['我的工号是多少？', '你的工号是E-1024。'],
    ['What is my name?', "I don't know your name yet. You can tell me."],
  ])('%s', (question, reply) => {
    expect(rulesReply(question, remembered, [])).toBe(reply);
  });

  it('answers from what was stated earlier in a compound statement in the recent turns', () => {
    const recent = {
      facts: [],
      summary: '',
      recentUserMessages: ['My name is Bob Stone and my employee id is B-7.', 'What is my employee id?'],
    };
    expect(rulesReply('What is my employee id?', recent, [])).toBe('Your employee ID is B-7.');
    expect(rulesReply('Who am I?', recent, [])).toBe('Your name is Bob Stone.');
  });

  it('acknowledges a compound statement instead of answering it as a question', () => {
    const text = 'My name is Bob Stone and my employee id is B-7.';
    expect(rulesReply(text, { facts: [], summary: '', recentUserMessages: [text] }, extractFactCandidates(text))).toBe(
      'Noted (name: Bob Stone; employeeId: B-7). Confirm it and I will remember it in later conversations.',
    );
  });
});
