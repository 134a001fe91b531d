import { describe, expect, it } from 'vitest';
import { extractRuleFields } from './extract-fields.js';

/** These tests pin the rules themselves; the learned models that judge them are tested in judgement/. */
const extractFields = (text: string) => extractRuleFields(text).contract;
import { findJurisdictions } from './jurisdictions.js';

/** The places named in `text`, as `[normalised, subnational]`. */
const places = (text: string) => findJurisdictions(text).map(({ normalised, subnational }) => [normalised, subnational]);

// Written out here rather than imported: the module's own list must not be the oracle of its test.
const US_STATES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
];

describe('findJurisdictions', () => {
  it.each(US_STATES)('reads the State of %s', (state) => {
    const text = `This Agreement shall be governed by and construed in accordance with the laws of the State of ${state}.`;
    expect(findJurisdictions(text)).toEqual([{ normalised: state, subnational: true, index: text.indexOf(state), length: state.length }]);
  });

  it.each([
    ['This Agreement shall be governed by the laws of the District of Columbia.', 'District of Columbia'],
    ['This Agreement shall be governed by the laws of the Commonwealth of Puerto Rico.', 'Puerto Rico'],
  ])('reads a US territory: %j', (text, expected) => {
    expect(places(text)).toEqual([[expected, true]]);
  });

  it.each([
    ['Ontario'],
    ['Quebec'],
    ['British Columbia'],
    ['Alberta'],
    ['Manitoba'],
    ['Saskatchewan'],
    ['Nova Scotia'],
    ['New Brunswick'],
    ['Newfoundland and Labrador'],
    ['Prince Edward Island'],
  ])('reads the Province of %s with its country', (province) => {
    const text = `This Agreement shall be governed by the laws of the Province of ${province} and the federal laws of Canada applicable therein.`;
    expect(places(text)).toEqual([
      [`${province}, Canada`, true],
      ['Canada', false],
    ]);
  });

  it.each([['New South Wales'], ['Victoria'], ['Queensland'], ['Western Australia'], ['South Australia'], ['Tasmania']])(
    'reads the Australian state of %s',
    (state) => {
      const text = `This deed is governed by the laws in force in ${state}, Australia.`;
      expect(places(text)).toEqual([
        [`${state}, Australia`, true],
        ['Australia', false],
      ]);
    },
  );

  it.each([
    ["People's Republic of China", "People's Republic of China"],
    ['People’s Republic of China', "People's Republic of China"],
    ['Peoples Republic of China', "People's Republic of China"],
    ['P.R.C.', "People's Republic of China"],
    ['P.R. China', "People's Republic of China"],
    ['PRC', "People's Republic of China"],
    ['Mainland China', "People's Republic of China"],
    ['China', "People's Republic of China"],
    ['Hong Kong', 'Hong Kong'],
    ['Macau', 'Macau'],
    ['Taiwan', 'Taiwan'],
    ['England and Wales', 'England and Wales'],
    ['England & Wales', 'England and Wales'],
    ['England', 'England'],
    ['Scotland', 'Scotland'],
    ['Northern Ireland', 'Northern Ireland'],
    ['United Kingdom', 'United Kingdom'],
    ['Federal Republic of Germany', 'Germany'],
    ['Germany', 'Germany'],
    ['France', 'France'],
    ['Netherlands', 'Netherlands'],
    ['Switzerland', 'Switzerland'],
    ['Sweden', 'Sweden'],
    ['Norway', 'Norway'],
    ['Denmark', 'Denmark'],
    ['Finland', 'Finland'],
    ['Ireland', 'Ireland'],
    ['Belgium', 'Belgium'],
    ['Luxembourg', 'Luxembourg'],
    ['Austria', 'Austria'],
    ['Italy', 'Italy'],
    ['Spain', 'Spain'],
    ['Portugal', 'Portugal'],
    ['Israel', 'Israel'],
    ['India', 'India'],
    ['Japan', 'Japan'],
    ['Republic of Korea', 'South Korea'],
    ['South Korea', 'South Korea'],
    ['Korea', 'South Korea'],
    ['Singapore', 'Singapore'],
    ['Malaysia', 'Malaysia'],
    ['Thailand', 'Thailand'],
    ['Indonesia', 'Indonesia'],
    ['Philippines', 'Philippines'],
    ['Vietnam', 'Vietnam'],
    ['Australia', 'Australia'],
    ['New Zealand', 'New Zealand'],
    ['Mexico', 'Mexico'],
    ['Brazil', 'Brazil'],
    ['Argentina', 'Argentina'],
    ['Chile', 'Chile'],
    ['Kazakhstan', 'Kazakhstan'],
    ['Russian Federation', 'Russia'],
    ['Russia', 'Russia'],
    ['Poland', 'Poland'],
    ['Czech Republic', 'Czech Republic'],
    ['Hungary', 'Hungary'],
    ['Greece', 'Greece'],
    ['Turkey', 'Turkey'],
    ['Papua New Guinea', 'Papua New Guinea'],
    ['United Arab Emirates', 'United Arab Emirates'],
    ['Saudi Arabia', 'Saudi Arabia'],
    ['Egypt', 'Egypt'],
    ['Nigeria', 'Nigeria'],
    ['Kenya', 'Kenya'],
    ['Colombia', 'Colombia'],
    ['Peru', 'Peru'],
    ['South Africa', 'South Africa'],
    ['Cayman Islands', 'Cayman Islands'],
    ['British Virgin Islands', 'British Virgin Islands'],
    ['Bermuda', 'Bermuda'],
    ['Cyprus', 'Cyprus'],
    ['Canada', 'Canada'],
    ['United States of America', 'United States'],
    ['United States', 'United States'],
    ['U.S.A.', 'United States'],
  ])('reads %s as %s', (written, normalised) => {
    const text = `This Agreement shall be governed by the laws of ${written}, without regard to its conflict of laws rules.`;
    expect(findJurisdictions(text)).toEqual([{ normalised, subnational: false, index: text.indexOf(written), length: written.length }]);
  });

  it('takes the longest name where one name begins another', () => {
    const text = 'The courts of England and Wales shall have exclusive jurisdiction.';
    expect(findJurisdictions(text)).toEqual([{ normalised: 'England and Wales', subnational: false, index: 14, length: 17 }]);
  });

  it('keeps the article of "the Netherlands" in the mention', () => {
    const text = 'This Agreement is governed by the laws of the Netherlands.';
    expect(findJurisdictions(text)).toEqual([{ normalised: 'Netherlands', subnational: false, index: 42, length: 15 }]);
  });

  it('lists every place in the order written', () => {
    expect(places('Licensee, a Delaware corporation, shall deliver the Products from Texas to Mexico and Japan.')).toEqual([
      ['Delaware', true],
      ['Texas', true],
      ['Mexico', false],
      ['Japan', false],
    ]);
  });

  it('reads a shouted clause', () => {
    expect(places('THIS AGREEMENT SHALL BE GOVERNED BY THE LAWS OF THE STATE OF NEW YORK.')).toEqual([['New York', true]]);
  });

  it.each([
    // Inside a longer word.
    ["The Distributor's head office is in Indianapolis."],
    ['TransCanada PipeLines Limited shall supply the gas.'],
    // Lower case: a material, not a country.
    ['The set includes fine china and crystal glassware.'],
    // An abbreviation counts only in capitals.
    ['Prc Laser Corporation shall supply the cutting heads.'],
  ])('finds no place in %j', (text) => {
    expect(findJurisdictions(text)).toEqual([]);
  });
});

describe('Chinese jurisdiction names, read by the governing-law rule', () => {
  const law = (text: string) => extractFields(text).governingLaw?.jurisdiction ?? null;

  it.each([
    ['本合同的订立、效力、解释和履行均适用中华人民共和国法律。', "People's Republic of China"],
    ['本协议适用中国大陆地区法律。', "People's Republic of China"],
    ['本协议适用中国法律。', "People's Republic of China"],
    ['本协议适用香港特别行政区法律。', 'Hong Kong'],
    ['本协议受香港法律管辖。', 'Hong Kong'],
    ['本协议适用澳门法律。', 'Macau'],
    ['本协议适用新加坡法律。', 'Singapore'],
    ['本协议适用英格兰和威尔士法律。', 'England and Wales'],
    ['本协议适用英格兰法律。', 'England and Wales'],
    ['本协议适用英国法律。', 'England and Wales'],
    ['本协议适用美国纽约州法律。', 'New York'],
    ['本协议适用美国特拉华州法律。', 'Delaware'],
    ['本协议适用美国加利福尼亚州法律。', 'California'],
    ['本协议适用美国加州法律。', 'California'],
    ['本协议适用日本法律。', 'Japan'],
    ['本协议适用德国法律。', 'Germany'],
    ['本协议适用美国法律。', 'United States'],
  ])('%s', (text, expected) => {
    expect(law(text)).toBe(expected);
  });
  it('names no place it does not know', () => {
    expect(law('本协议适用瑞士法律。')).toBeNull();
  });
});
