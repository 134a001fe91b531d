import { describe, expect, it } from 'vitest';
import { isTerminalSeparator, tokenizeClause } from './clause-tokens.js';

/** `text:kind` per token, units separated by their punctuation and ‖. */
function render(text: string): string {
  const { tokens, units } = tokenizeClause(text);
  return units
    .map(
      (unit) =>
        tokens
          .slice(unit.first, unit.end)
          .map((token) => `${token.text}:${token.kind}`)
          .join(' ') + (unit.separator ? ` ${unit.separator}` : ''),
    )
    .join(' ‖ ');
}

describe('tokenizeClause: limits stay whole, because dropping one inverts the rule', () => {
  it.each<[string, string]>([
    [
      'The fee shall not exceed USD 100; the rate is not to exceed 5%; a term not exceeding 3 years; it may not exceed 10 units.',
      'The:glue fee:word shall not exceed:limit USD 100:anchor ; ‖ the:glue rate:word is:glue not to ' +
        'exceed:limit 5%:anchor ; ‖ a:glue term:word not exceeding:limit 3 years:anchor ; ‖ it:glue may not ' +
        'exceed:modal 10:anchor units:word .',
    ],
    ['Costs not exceed USD 100.', 'Costs:word not exceed:limit USD 100:anchor .'],
    [
      'The Buyer shall pay at least 30 units and at most 50 units, not less than 2 and no less than 3, not more than 4 and no more than 5.',
      'The:glue Buyer:word shall:word pay:word at least:limit 30:anchor units:word and:glue at most:limit ' +
        '50:anchor units:word , ‖ not less than:limit 2:anchor and:glue no less than:limit 3:anchor , ‖ not ' +
        'more than:limit 4:anchor and:glue no more than:limit 5:anchor .',
    ],
    [
      'Delivery not later than 10 days and no later than 20 days, not earlier than 5 days, more than 6 units, less than 7 units, in excess of 8 units, up to 9 units.',
      'Delivery:word not later than:limit 10 days:anchor and:glue no later than:limit 20 days:anchor , ‖ ' +
        'not earlier than:limit 5 days:anchor , ‖ more than:limit 6:anchor units:word , ‖ less than:limit ' +
        '7:anchor units:word , ‖ in excess of:limit 8:anchor units:word , ‖ up to:limit 9:anchor units:word .',
    ],
    [
      '乙方应在大约30日左右交付，不得超过5%，不得低于2%，不超过3%，不少于4件，不低于5%，不高于6%，不多于7件，不迟于8日，不早于9日。',
      '乙方:word 应:limit 在:glue 大约:limit 30日:anchor 左右:limit 交付:word ， ‖ 不得超过:limit 5%:anchor ， ‖ 不得低于:limit ' +
        '2%:anchor ， ‖ 不超过:limit 3%:anchor ， ‖ 不少于:limit 4:anchor 件:word ， ‖ 不低于:limit 5%:anchor ， ‖ ' +
        '不高于:limit 6%:anchor ， ‖ 不多于:limit 7:anchor 件:word ， ‖ 不迟于:limit 8日:anchor ， ‖ 不早于:limit 9日:anchor 。',
    ],
    [
      '至少10件，至多11件，最多12件，最少13件，最高14%，最低15%，16件以上，17件以下，18日以内，超过19%，低于20%，高于21%，禁止转让，必须支付22元。',
      '至少:limit 10:anchor 件:word ， ‖ 至多:limit 11:anchor 件:word ， ‖ 最多:limit 12:anchor 件:word ， ‖ 最少:limit ' +
        '13:anchor 件:word ， ‖ 最高:limit 14%:anchor ， ‖ 最低:limit 15%:anchor ， ‖ 16:anchor 件:word 以上:limit ， ‖ ' +
        '17:anchor 件:word 以下:limit ， ‖ 18日以内:anchor ， ‖ 超过:limit 19%:anchor ， ‖ 低于:limit 20%:anchor ， ‖ ' +
        '高于:limit 21%:anchor ， ‖ 禁止:limit 转让:word ， ‖ 必须:limit 支付:word 22元:anchor 。',
    ],
    [
      'Payment within 30 days, never later; no refunds without consent, except as stated, unless waived; ' +
        'only 2 units; maximum 5 units; minimum 1 unit; the total exceeds 3 units and it exceed 4 units.',
      'Payment:word within 30 days:anchor , ‖ never later:limit ; ‖ no refunds:limit without:limit ' +
        'consent:word , ‖ except:limit as:glue stated:word , ‖ unless:limit waived:word ; ‖ only:limit ' +
        '2:anchor units:word ; ‖ maximum:limit 5:anchor units:word ; ‖ minimum:limit 1:anchor unit:word ; ‖ ' +
        'the:glue total:word exceeds:limit 3:anchor units:word and:glue it:glue exceed:limit 4:anchor ' +
        'units:word .',
    ],
    [
      // A negation means nothing without what it negates: 不|转让 and "no refunds" are one token.
      '乙方不转让，未通知，无异议，非经同意，仅限2件，须支付3元，应当支付4元，可以转让5件，有权解除，无权转让6件。',
      '乙方:word 不转让:limit ， ‖ 未通知:limit ， ‖ 无异议:limit ， ‖ 非经:word 同意:word ， ‖ 仅:limit 限:word 2:anchor ' +
        '件:word ， ‖ 须:limit 支付:word 3元:anchor ， ‖ 应当:limit 支付:word 4元:anchor ， ‖ 可以:limit 转让:word 5:anchor ' +
        '件:word ， ‖ 有权:limit 解除:word ， ‖ 无权:limit 转让:word 6:anchor 件:word 。',
    ],
    [
      'approximately 30 days, about 2 weeks, around 5 units, roughly 10%, circa 20 units, 约30日',
      'approximately:limit 30 days:anchor , ‖ about:limit 2 weeks:anchor , ‖ around:limit 5:anchor units:word , ‖ roughly:limit 10%:anchor , ‖ circa:limit 20:anchor units:word , ‖ 约:limit 30日:anchor',
    ],
  ])('%s', (clause, expected) => {
    expect(render(clause)).toBe(expected);
  });

  it('does not take a limit out of a longer word ("notwithstanding", "upto", "atleast")', () => {
    expect(render('notwithstanding upto atleast nonexceeding 5 units')).toBe(
      'notwithstanding:word upto:word atleast:word nonexceeding:word 5:anchor units:word',
    );
    expect(render("don't-at least 5 units")).toBe("don't:word -:glue at:glue least:word 5:anchor units:word");
  });
});

describe('tokenizeClause: numbers and their rates are one anchor', () => {
  it('joins "per annum", "each week", "a day", "an hour", "per calendar day" to the number before', () => {
    expect(
      render(
        'The Buyer pays USD 5 per annum, USD 6 each week, USD 7 a day, USD 8 an hour, USD 9 per unit, USD 10 ' +
          'per calendar day, USD 11 per business day, USD 12 per year, USD 13 per month, USD 14 per dayshift.',
      ),
    ).toBe(
      'The:glue Buyer:word pays:word USD 5 per annum:anchor , ‖ USD 6 each week:anchor , ‖ USD 7 a ' +
        'day:anchor , ‖ USD 8 an hour:anchor , ‖ USD 9 per unit:anchor , ‖ USD 10 per calendar day:anchor , ' +
        '‖ USD 11 per business day:anchor , ‖ USD 12 per year:anchor , ‖ USD 13 per month:anchor , ‖ USD ' +
        '14:anchor per:glue dayshift:word .',
    );
  });

  it('lets a number win over a limit or a permission that overlaps it', () => {
    expect(render('Fees: 18日以内 and 30 days.')).toBe('Fees:word : ‖ 18日以内:anchor and:glue 30 days:anchor .');
  });
});

describe('tokenizeClause: function words are glue', () => {
  it.each<[string, string]>([
    [
      'The price of an item in a store on sale at cost to us for cash by card with tax from stock and fees ' +
        'or as is, be it what they are, was, were, been, being, that which this, these, those, its, their, ' +
        'such any per into upon 5 units.',
      'The:glue price:word of:glue an:glue item:word in:glue a:glue store:word on:glue sale:word at:glue ' +
        'cost:word to:glue us:word for:glue cash:word by:glue card:word with:glue tax:word from:glue ' +
        'stock:word and:glue fees:word or:glue as:glue is:glue , ‖ be:glue it:glue what:word they:glue ' +
        'are:glue , ‖ was:glue , ‖ were:glue , ‖ been:glue , ‖ being:glue , ‖ that:glue which:glue this:glue ' +
        ', ‖ these:glue , ‖ those:glue , ‖ its:glue , ‖ their:glue , ‖ such:glue any:glue per:glue into:glue ' +
        'upon:glue 5:anchor units:word .',
    ],
    [
      '价款的之了在于与和及或为自起对由将被把向从并且按以其该所等是即则而就也都5元。',
      '价款:word 的:glue 之:glue 了:glue 在于:word 与:glue 和:glue 及:glue 或:glue 为:glue 自:glue 起:glue 对:glue 由:glue ' +
        '将:glue 被:glue 把:glue 向:glue 从:glue 并且:word 按:glue 以其:word 该:glue 所:glue 等:glue 是:glue 即:glue 则:glue ' +
        '而:glue 就:glue 也:glue 都:glue 5元:anchor 。',
    ],
    ['且8元。并9元', '且:glue 8元:anchor 。 ‖ 并:glue 9元:anchor'],
  ])('%s', (clause, expected) => {
    expect(render(clause)).toBe(expected);
  });
});

describe('tokenizeClause: units and spacing', () => {
  it('closes a unit at each clause mark, and at a full stop only before a space or the end', () => {
    expect(render('a，b、c；d。e！f？g：h,i;j:k!l?m.n o. p.q')).toBe(
      'a:glue ， ‖ b:word 、 ‖ c:word ； ‖ d:word 。 ‖ e:word ！ ‖ f:word ？ ‖ g:word ： ‖ h:word , ‖ i:word ; ‖ j:word : ‖ k:word ! ‖ l:word ? ‖ m:word .:glue n:word o:word . ‖ p:word .:glue q:word',
    );
    expect(render('5 units.')).toBe('5:anchor units:word .');
    expect(render('USD 5.5.')).toBe('USD 5.5:anchor .');
  });

  it('records the space before a token and after a separator', () => {
    const { tokens, units } = tokenizeClause('Pay USD 5 now, then  wait;later. End');
    expect(tokens.map(({ text, spaceBefore, unit }) => [text, spaceBefore, unit])).toEqual([
      ['Pay', false, 0],
      ['USD 5', true, 0],
      ['now', true, 0],
      ['then', false, 1],
      ['wait', true, 1],
      ['later', false, 2],
      ['End', false, 3],
    ]);
    expect(units).toEqual([
      { first: 0, end: 3, separator: ',', spaceAfter: true },
      { first: 3, end: 5, separator: ';', spaceAfter: false },
      { first: 5, end: 6, separator: '.', spaceAfter: true },
      { first: 6, end: 7, separator: '', spaceAfter: false },
    ]);
  });

  it('gives one empty unit for empty text and no trailing unit after a final mark', () => {
    expect(tokenizeClause('')).toEqual({ tokens: [], units: [{ first: 0, end: 0, separator: '', spaceAfter: false }] });
    expect(tokenizeClause('Pay.').units).toEqual([{ first: 0, end: 1, separator: '.', spaceAfter: false }]);
  });

  it('joins a lone Han character to the Han word before it (违约|金), but not across a space or after glue', () => {
    expect(render('如买方在违约金的基础上逾期支付滞纳金的，卖方有权解除合同。')).toBe(
      '如:word 买方:word 在:glue 违约金:word 的:glue 基础上:word 逾期:word 支付滞纳金:word 的:glue ， ‖ 卖方:word 有权:limit 解除:word 合同:word 。',
    );
    expect(render('支付 金')).toBe('支付:word 金:word');
    expect(render('USD 5 金')).toBe('USD 5:anchor 金:word');
  });

  it('joins a negation to the word it negates, keeping the space between them', () => {
    const { tokens } = tokenizeClause('never  later, not 5');
    expect(tokens.map(({ text, kind }) => [text, kind])).toEqual([
      ['never later', 'limit'],
      ['not', 'limit'],
      ['5', 'anchor'],
    ]);
  });

  it('keeps a party permission with its verb as one modal token', () => {
    expect(render('Either party may terminate this Agreement at least 30 days before the end of the term. No refunds.')).toBe(
      'Either party may terminate:modal this:glue Agreement:word at least:limit 30 days:anchor before:word the:glue end:word of:glue the:glue term:word . ‖ No refunds:limit .',
    );
  });
});

describe('tokenizeClause: edges', () => {
  it.each<[string, string]>([
    ['within the Territory', 'within:limit the:glue Territory:word'],
    [
      '乙方非本人签字无效，于次日生效，其价款为5元。',
      '乙方:word 非本人:limit 签字:word 无效:word ， ‖ 于:glue 次日:word 生效:word ， ‖ 其:glue 价款:word 为:glue 5元:anchor 。',
    ],
    // Only the rate right after a number belongs to it.
    ['USD 5 and USD 6 per annum', 'USD 5:anchor and:glue USD 6 per annum:anchor'],
    ["o'clock rock'n'roll", "o'clock:word rock'n'roll:word"],
    // A full stop right before a number is not the end of a sentence.
    ['rate.5% cap', 'rate:word .:glue 5%:anchor cap:word'],
    // A limit right after a number is a limit of its own.
    ['5%以下，不超过8日', '5%:anchor 以下:limit ， ‖ 不超过:limit 8日:anchor'],
    // A lone Han character is not joined across a clause mark.
    ['支付，金', '支付:word ， ‖ 金:word'],
  ])('%s', (clause, expected) => {
    expect(render(clause)).toBe(expected);
  });

  it('records a space after a separator only when one follows it', () => {
    expect(tokenizeClause('Pay,then wait').units[0]).toEqual({ first: 0, end: 1, separator: ',', spaceAfter: false });
  });

  it('gives the word after a joined negation no space it did not have', () => {
    expect(tokenizeClause('乙方不转让合同').tokens.map(({ text, spaceBefore }) => [text, spaceBefore])).toEqual([
      ['乙方', false],
      ['不转让', false],
      ['合同', false],
    ]);
  });
});

describe('isTerminalSeparator', () => {
  it('is true for marks that end a sentence only', () => {
    expect(['。', '！', '？', '.', '!', '?'].map(isTerminalSeparator)).toEqual([true, true, true, true, true, true]);
    expect(['，', '、', '；', '：', ',', ';', ':', ''].map(isTerminalSeparator)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
