/**
 * Jurisdiction names and their normalised forms, following CUAD's answers: a US state by its
 * name (`New York`), a Canadian province with its country (`Ontario, Canada`), a country by its
 * short name (`Germany`), and `People's Republic of China`, `England and Wales`.
 */

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
  'District of Columbia',
  'Puerto Rico',
];

const CANADIAN_PROVINCES = [
  'Ontario',
  'Quebec',
  'British Columbia',
  'Alberta',
  'Manitoba',
  'Saskatchewan',
  'Nova Scotia',
  'New Brunswick',
  'Newfoundland and Labrador',
  'Prince Edward Island',
];

const AUSTRALIAN_STATES = ['New South Wales', 'Victoria', 'Queensland', 'Western Australia', 'South Australia', 'Tasmania'];

/** Written form (matched case-insensitively) to normalised answer. */
const COUNTRY_ALIASES: Record<string, string> = {
  "People's Republic of China": "People's Republic of China",
  'P.R.C.': "People's Republic of China",
  'P.R. China': "People's Republic of China",
  PRC: "People's Republic of China",
  'Mainland China': "People's Republic of China",
  China: "People's Republic of China",
  'Hong Kong': 'Hong Kong',
  Macau: 'Macau',
  Taiwan: 'Taiwan',
  'England and Wales': 'England and Wales',
  'England & Wales': 'England and Wales',
  England: 'England',
  Scotland: 'Scotland',
  'Northern Ireland': 'Northern Ireland',
  'United Kingdom': 'United Kingdom',
  'Federal Republic of Germany': 'Germany',
  Germany: 'Germany',
  France: 'France',
  'the Netherlands': 'Netherlands',
  Netherlands: 'Netherlands',
  Switzerland: 'Switzerland',
  Sweden: 'Sweden',
  Norway: 'Norway',
  Denmark: 'Denmark',
  Finland: 'Finland',
  Ireland: 'Ireland',
  Belgium: 'Belgium',
  Luxembourg: 'Luxembourg',
  Austria: 'Austria',
  Italy: 'Italy',
  Spain: 'Spain',
  Portugal: 'Portugal',
  Israel: 'Israel',
  India: 'India',
  Japan: 'Japan',
  'Republic of Korea': 'South Korea',
  'South Korea': 'South Korea',
  Korea: 'South Korea',
  Singapore: 'Singapore',
  Malaysia: 'Malaysia',
  Thailand: 'Thailand',
  Indonesia: 'Indonesia',
  Philippines: 'Philippines',
  Vietnam: 'Vietnam',
  Australia: 'Australia',
  'New Zealand': 'New Zealand',
  Mexico: 'Mexico',
  Brazil: 'Brazil',
  Argentina: 'Argentina',
  Chile: 'Chile',
  Kazakhstan: 'Kazakhstan',
  'Russian Federation': 'Russia',
  Russia: 'Russia',
  Poland: 'Poland',
  'Czech Republic': 'Czech Republic',
  Hungary: 'Hungary',
  Greece: 'Greece',
  Turkey: 'Turkey',
  'Papua New Guinea': 'Papua New Guinea',
  'United Arab Emirates': 'United Arab Emirates',
  'Saudi Arabia': 'Saudi Arabia',
  Egypt: 'Egypt',
  Nigeria: 'Nigeria',
  Kenya: 'Kenya',
  Colombia: 'Colombia',
  Peru: 'Peru',
  'South Africa': 'South Africa',
  'Cayman Islands': 'Cayman Islands',
  'British Virgin Islands': 'British Virgin Islands',
  Bermuda: 'Bermuda',
  Cyprus: 'Cyprus',
  Canada: 'Canada',
  'United States of America': 'United States',
  'United States': 'United States',
  'U.S.A.': 'United States',
};

interface JurisdictionName {
  pattern: string;
  normalised: string;
  /** Sub-national units (states, provinces) outrank the country they sit in. */
  subnational: boolean;
}

const NAMES: JurisdictionName[] = [
  ...US_STATES.map((name) => ({ pattern: name, normalised: name, subnational: true })),
  ...CANADIAN_PROVINCES.map((name) => ({ pattern: name, normalised: `${name}, Canada`, subnational: true })),
  ...AUSTRALIAN_STATES.map((name) => ({ pattern: name, normalised: `${name}, Australia`, subnational: true })),
  ...Object.entries(COUNTRY_ALIASES).map(([pattern, normalised]) => ({ pattern, normalised, subnational: false })),
].sort((left, right) => right.pattern.length - left.pattern.length);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\&']/g, (ch) => (ch === "'" ? "['’]?" : `\\${ch}`));

const NAME_PATTERN = new RegExp(`(?<![A-Za-z])(?:${NAMES.map((name) => escapeRegExp(name.pattern)).join('|')})(?![A-Za-z])`, 'gi');
const BY_LOWER = new Map(NAMES.map((name) => [name.pattern.toLowerCase().replace(/['’]/g, ''), name]));

/** A jurisdiction named in a piece of text. */
export interface JurisdictionMention {
  normalised: string;
  subnational: boolean;
  index: number;
  length: number;
}

/** Every known jurisdiction named in `text`, in order (longest name wins where names overlap). */
export function findJurisdictions(text: string): JurisdictionMention[] {
  const found: JurisdictionMention[] = [];
  for (const match of text.matchAll(NAME_PATTERN)) {
    const name = BY_LOWER.get(match[0].toLowerCase().replace(/['’]/g, ''));
    if (!name) continue;
    // Upper-case abbreviations (PRC) must be written in capitals; "china" in a product name is not a country.
    if (name.pattern === 'PRC' && match[0] !== 'PRC') continue;
    if (/^[a-z]/.test(match[0]) && name.pattern !== 'the Netherlands') continue;
    found.push({ normalised: name.normalised, subnational: name.subnational, index: match.index, length: match[0].length });
  }
  return found;
}

/**
 * Chinese jurisdiction names used in 适用…法律 clauses. A short name also reads its long form within
 * the rule's window (香港 in 香港特别行政区法律, 英格兰 in 英格兰和威尔士法律).
 */
export const CHINESE_JURISDICTIONS: [string, string][] = [
  ['中华人民共和国', "People's Republic of China"],
  ['中国', "People's Republic of China"],
  ['香港', 'Hong Kong'],
  ['澳门', 'Macau'],
  ['新加坡', 'Singapore'],
  ['英格兰', 'England and Wales'],
  ['英国', 'England and Wales'],
  ['纽约州', 'New York'],
  ['特拉华州', 'Delaware'],
  ['加利福尼亚州', 'California'],
  ['加州', 'California'],
  ['日本', 'Japan'],
  ['德国', 'Germany'],
  ['美国', 'United States'],
];
