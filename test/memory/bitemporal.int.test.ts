import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testkit/app.js';

const FIELDS = 'key value version validFrom validTo createdAt supersededAt retiredAt';
const SEND = `mutation ($sessionId: ID!, $text: String!) { sendMessage(sessionId: $sessionId, text: $text) {
  proposedFacts { category key value validFrom validTo } } }`;
const CONFIRM = `mutation ($key: String!, $value: JSON!, $validFrom: DateTime, $validTo: DateTime) {
  confirmFact(category: "business", key: $key, value: $value, validFrom: $validFrom, validTo: $validTo) { ${FIELDS} } }`;
const FACTS = `query ($asOf: DateTime, $knownAt: DateTime) { facts(category: "business", asOf: $asOf, knownAt: $knownAt) { ${FIELDS} } }`;
const HISTORY = `query ($key: String!, $knownAt: DateTime) { factHistory(category: "business", key: $key, knownAt: $knownAt) { ${FIELDS} } }`;

type Fact = {
  key: string;
  value: unknown;
  version: number;
  validFrom: string;
  validTo: string | null;
  supersededAt: string | null;
  retiredAt: string | null;
  createdAt: string;
};

describe('bi-temporal facts: when a fact was true, and when Suanni knew it', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { SUANNI_CHAT_AUTO_CONFIRM_FACTS: 'true' } });
  });
  afterAll(() => app.stop());

  const facts = async (token: string, clocks: { asOf?: string; knownAt?: string } = {}) => {
    const response = await app.gql(FACTS, clocks, { token });
    expect(response.errors).toBeUndefined();
    return response.data!.facts as Fact[];
  };
  const history = async (token: string, key: string, knownAt?: string) => {
    const response = await app.gql(HISTORY, { key, knownAt }, { token });
    expect(response.errors).toBeUndefined();
    return response.data!.factHistory as Fact[];
  };
  const confirm = async (token: string, variables: Record<string, unknown>) => {
    const response = await app.gql(CONFIRM, variables, { token });
    expect(response.errors).toBeUndefined();
    return response.data!.confirmFact as Fact;
  };

  it('takes validity from the statement, and a later job closes the earlier one instead of overwriting it', async () => {
    const token = await app.token('dana');
    const session = (await app.gql('mutation { createSession(title: "jobs") { id } }', {}, { token })).data!.createSession.id;
    const first = await app.gql(SEND, { sessionId: session, text: 'I worked at Initech from 2021 to 2023.' }, { token });
    expect(first.data!.sendMessage.proposedFacts).toEqual([
      {
        category: 'business',
        key: 'company',
        value: 'Initech',
        validFrom: '2021-01-01T00:00:00.000Z',
        validTo: '2024-01-01T00:00:00.000Z',
      },
    ]);
    await app.gql(SEND, { sessionId: session, text: 'I work at Globex since March 2024.' }, { token });

    expect((await facts(token)).map((fact) => fact.value)).toEqual(['Globex']);
    // "Where did I work in 2023?" still has its answer after the change.
    expect((await facts(token, { asOf: '2023-06-01T00:00:00Z' })).map((fact) => fact.value)).toEqual(['Initech']);
    expect(await facts(token, { asOf: '2024-02-01T00:00:00Z' })).toEqual([]);
    expect((await facts(token, { asOf: '2025-01-01T00:00:00Z' })).map((fact) => fact.value)).toEqual(['Globex']);

    const versions = await history(token, 'company');
    expect(versions.map((fact) => [fact.value, fact.version, fact.validFrom, fact.validTo, fact.retiredAt])).toEqual([
      ['Globex', 2, '2024-03-01T00:00:00.000Z', null, null],
      ['Initech', 1, '2021-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z', null],
    ]);
    expect(versions[1]!.supersededAt).toBe(versions[0]!.createdAt);
  });

  it('answers both clocks: a contradiction closes the old validity only from when it was learned', async () => {
    const token = await app.token('erin');
    const acme = await confirm(token, { key: 'employer', value: 'Acme' });
    expect(acme).toMatchObject({ version: 1, validTo: null, retiredAt: null });
    expect(acme.validFrom).toBe(acme.createdAt);
    const hooli = await confirm(token, { key: 'employer', value: 'Hooli' });
    const [, old] = await history(token, 'employer');
    expect(old).toMatchObject({ value: 'Acme', validTo: hooli.validFrom, supersededAt: hooli.createdAt, retiredAt: null });

    // Between the two statements Acme was true, and still is on record as true then.
    const between = new Date((Date.parse(acme.createdAt) + Date.parse(hooli.createdAt)) / 2).toISOString();
    if (between !== acme.createdAt) expect((await facts(token, { asOf: between })).map((fact) => fact.value)).toEqual(['Acme']);
    // As Suanni knew it before the change, Acme held now too; as it knows it now, Hooli does.
    const beforeChange = new Date(Date.parse(hooli.createdAt) - 1).toISOString();
    expect((await facts(token, { knownAt: beforeChange, asOf: new Date().toISOString() })).map((fact) => fact.value)).toEqual(['Acme']);
    expect((await facts(token, { asOf: new Date().toISOString() })).map((fact) => fact.value)).toEqual(['Hooli']);
    expect(await history(token, 'employer', beforeChange)).toEqual([{ ...old, supersededAt: null, validTo: null }]);
    expect(await facts(token, { knownAt: '2000-01-01T00:00:00Z' })).toEqual([]);
  });

  it('a past period told later is history, a restated start replaces the version it covers', async () => {
    const token = await app.token('fred');
    await confirm(token, { key: 'company', value: 'Globex', validFrom: '2024-03-01T00:00:00Z' });
    const past = await confirm(token, {
      key: 'company',
      value: 'Initech',
      validFrom: '2019-01-01T00:00:00Z',
      validTo: '2021-01-01T00:00:00Z',
    });
    expect(past).toMatchObject({ version: 2, supersededAt: expect.any(String), retiredAt: null });
    expect((await facts(token)).map((fact) => fact.value)).toEqual(['Globex']);
    expect((await facts(token, { asOf: '2020-05-01T00:00:00Z' })).map((fact) => fact.value)).toEqual(['Initech']);

    // "I have been at Globex since 2022": the same job, an earlier start; the first version is retired.
    const restated = await confirm(token, { key: 'company', value: 'Globex', validFrom: '2022-01-01T00:00:00Z' });
    expect(restated).toMatchObject({ version: 3, validFrom: '2022-01-01T00:00:00.000Z' });
    const versions = await history(token, 'company');
    expect(versions.map((fact) => [fact.version, Boolean(fact.retiredAt)])).toEqual([
      [3, false],
      [2, false],
      [1, true],
    ]);
    expect((await facts(token, { asOf: '2023-01-01T00:00:00Z' })).map((fact) => [fact.value, fact.version])).toEqual([['Globex', 3]]);
    // The same statement again writes nothing.
    expect((await confirm(token, { key: 'company', value: 'Globex', validFrom: '2022-01-01T00:00:00Z' })).version).toBe(3);
  });

  it('a forgotten fact answers no question on either clock, and its history stays readable', async () => {
    const token = await app.token('gina');
    await confirm(token, { key: 'company', value: 'Initech', validFrom: '2019-01-01T00:00:00Z' });
    await confirm(token, { key: 'company', value: 'Globex', validFrom: '2022-01-01T00:00:00Z' });
    const forgot = await app.gql('mutation { forgetFact(category: "business", key: "company") }', {}, { token });
    expect(forgot.data!.forgetFact).toBe(true);
    expect(await facts(token, { asOf: '2020-01-01T00:00:00Z' })).toEqual([]);
    expect(await facts(token, { asOf: '2023-01-01T00:00:00Z' })).toEqual([]);
    const versions = await history(token, 'company');
    expect(versions.every((fact) => fact.retiredAt !== null && fact.supersededAt !== null)).toBe(true);
  });

  it('refuses an impossible validity and writes nothing', async () => {
    const token = await app.token('hank');
    for (const variables of [
      { key: 'company', value: 'X', validFrom: '2023-01-01T00:00:00Z', validTo: '2022-01-01T00:00:00Z' },
      { key: 'company', value: 'X', validFrom: '2023-01-01T00:00:00Z', validTo: '2023-01-01T00:00:00Z' },
      { key: 'company', value: 'X', validTo: '2001-01-01T00:00:00Z' },
    ]) {
      const response = await app.gql(CONFIRM, variables, { token });
      expect(response.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const badClock = await app.gql(FACTS, { asOf: 'last tuesday' }, { token });
    expect(badClock.errors?.[0]).toBeDefined();
    expect(await history(token, 'company')).toEqual([]);
  });
});
