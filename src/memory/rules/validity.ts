/**
 * When a stated fact was true, read from the statement itself: "from 2021 to 2023", "since March",
 * "in 2022", "从2021年到2023年", "自2021年3月起". Instants are UTC; an end is exclusive, so "to 2023"
 * ends at the start of 2024. A statement that names no time says nothing here: the fact is then
 * valid from the turn that stated it.
 */
export interface StatedValidity {
  validFrom: Date;
  /** Exclusive end; null when the statement gives none ("since 2021"). */
  validTo: Date | null;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_EN = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
// A point in time in English: "2021", "March 2021", "March" (the latest March up to the turn), "2021-03" or "2021-03-15".
const POINT_EN = String.raw`(?:(\d{4})-(\d{2})(?:-(\d{2}))?|(${MONTH_EN})\.?(?:\s+(\d{4}))?|(\d{4}))`;
// In Chinese: "2021年", "2021年3月", "3月" (the latest March up to the turn).
const POINT_ZH = String.raw`(?:(\d{4})年(?:(\d{1,2})月)?|(\d{1,2})月)`;

const RANGE_EN = new RegExp(String.raw`\b(?:from|between)\s+${POINT_EN}\s+(?:to|until|till|through|and)\s+${POINT_EN}\b`, 'i');
const DASH_RANGE_EN = /\b(\d{4})\s*[-–]\s*(\d{4})\b/;
const SINCE_EN = new RegExp(String.raw`\b(?:since|starting(?:\s+in)?|from)\s+${POINT_EN}\b`, 'i');
const IN_EN = new RegExp(String.raw`\b(?:in|during)\s+${POINT_EN}\b`, 'i');
const RANGE_ZH = new RegExp(`(?:从|自)?${POINT_ZH}\\s*(?:到|至|-|—|~)\\s*${POINT_ZH}`, 'u');
const SINCE_ZH = new RegExp(`(?:(?:从|自)${POINT_ZH}(?:起|开始|以来)?|${POINT_ZH}(?:起|开始|以来))`, 'u');

const utc = (year: number, month = 0, day = 1) => new Date(Date.UTC(year, month, day));

/** A named month with no year: the latest start of that month not after `now`. */
function latestMonth(month: number, now: Date): Date {
  const candidate = utc(now.getUTCFullYear(), month);
  return candidate.getTime() <= now.getTime() ? candidate : utc(now.getUTCFullYear() - 1, month);
}

const monthIndex = (name: string) => MONTHS.findIndex((month) => month.startsWith(name.toLowerCase().slice(0, 3)));
const plausibleYear = (year: number) => year >= 1900 && year <= 2200;

/** One English point from its six groups, as [start, end of its span); null when it is no date. */
function pointEn(groups: (string | undefined)[], now: Date): [Date, Date] | null {
  const [isoYear, isoMonth, isoDay, monthName, monthYear, bareYear] = groups;
  if (isoYear) {
    const year = Number(isoYear);
    const month = Number(isoMonth) - 1;
    if (!plausibleYear(year) || month < 0 || month > 11) return null;
    if (isoDay) {
      const day = Number(isoDay);
      if (day < 1 || day > 31) return null;
      return [utc(year, month, day), utc(year, month, day + 1)];
    }
    return [utc(year, month), utc(year, month + 1)];
  }
  if (monthName) {
    const month = monthIndex(monthName);
    if (month < 0) return null;
    const start = monthYear ? utc(Number(monthYear), month) : latestMonth(month, now);
    if (!plausibleYear(start.getUTCFullYear())) return null;
    return [start, utc(start.getUTCFullYear(), month + 1)];
  }
  if (bareYear && plausibleYear(Number(bareYear))) return [utc(Number(bareYear)), utc(Number(bareYear) + 1)];
  return null;
}

/** One Chinese point from its three groups. */
function pointZh(groups: (string | undefined)[], now: Date): [Date, Date] | null {
  const [year, month, bareMonth] = groups;
  if (year) {
    if (!plausibleYear(Number(year))) return null;
    if (!month) return [utc(Number(year)), utc(Number(year) + 1)];
    const index = Number(month) - 1;
    if (index < 0 || index > 11) return null;
    return [utc(Number(year), index), utc(Number(year), index + 1)];
  }
  const index = Number(bareMonth) - 1;
  if (index < 0 || index > 11) return null;
  const start = latestMonth(index, now);
  return [start, utc(start.getUTCFullYear(), index + 1)];
}

const checked = (validFrom: Date, validTo: Date | null): StatedValidity | null =>
  validTo && validTo.getTime() <= validFrom.getTime() ? null : { validFrom, validTo };

/**
 * The validity a statement gives, or null when it names no time (or an impossible one, such as an
 * end before its start). `now` is the turn's instant, for months named without a year.
 */
export function statedValidity(text: string, now: Date): StatedValidity | null {
  const range = RANGE_EN.exec(text);
  if (range) {
    const from = pointEn(range.slice(1, 7), now);
    const to = pointEn(range.slice(7, 13), now);
    if (from && to) return checked(from[0], to[1]);
  }
  const dashed = DASH_RANGE_EN.exec(text);
  if (dashed && plausibleYear(Number(dashed[1])) && plausibleYear(Number(dashed[2])))
    return checked(utc(Number(dashed[1])), utc(Number(dashed[2]) + 1));
  const rangeZh = RANGE_ZH.exec(text);
  if (rangeZh) {
    const from = pointZh(rangeZh.slice(1, 4), now);
    const to = pointZh(rangeZh.slice(4, 7), now);
    if (from && to) return checked(from[0], to[1]);
  }
  const since = SINCE_EN.exec(text);
  if (since) {
    const from = pointEn(since.slice(1, 7), now);
    if (from) return checked(from[0], null);
  }
  const sinceZh = SINCE_ZH.exec(text);
  if (sinceZh) {
    const from = pointZh(sinceZh.slice(1, 4), now) ?? pointZh(sinceZh.slice(4, 7), now);
    if (from) return checked(from[0], null);
  }
  const during = IN_EN.exec(text);
  if (during) {
    const span = pointEn(during.slice(1, 7), now);
    if (span) return checked(span[0], span[1]);
  }
  return null;
}
