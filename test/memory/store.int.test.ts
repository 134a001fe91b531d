import { randomUUID } from 'node:crypto';
import { Annotation, END, InMemoryStore, START, StateGraph, type BaseStore, type LangGraphRunnableConfig } from '@langchain/langgraph';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FactStore, MAX_IN_MEMORY_SCAN, type FactStoreOptions } from '../../src/memory/store/fact-store.js';
import { AppError } from '../../src/platform/errors.js';
import type { WriteBarrier } from '../../src/platform/db/write-barrier.js';
import { SubjectHasher } from '../../src/erasure/subject-hash.js';
import { Tombstones } from '../../src/erasure/tombstones.js';
import { createDatabase, type Database } from '../../src/platform/db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../testkit/database.js';

/** A store to exercise and the root label (a user id) its namespaces start with. */
interface StoreUnderTest {
  store: BaseStore;
  root: string;
}

type Listed = { namespace: string[]; key: string; value: Record<string, unknown> };

/** Items as comparable data, in a fixed order: stores may order search results differently. */
function contents(items: readonly Listed[]): Listed[] {
  return items
    .map(({ namespace, key, value }) => ({ namespace, key, value }))
    .sort((a, b) => {
      const left = [...a.namespace, '', a.key].join('\u0001');
      const right = [...b.namespace, '', b.key].join('\u0001');
      return left < right ? -1 : left > right ? 1 : 0;
    });
}

function keysOf(items: readonly { key: string }[]): string[] {
  return items.map((item) => item.key).sort();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The behaviour every `BaseStore` of this project must share with LangGraph's `InMemoryStore`.
 * Each test gets a fresh, empty store whose namespaces start with `root`.
 */
function describeStoreBehaviour(name: string, makeStore: () => Promise<StoreUnderTest>): void {
  describe(`store behaviour: ${name}`, () => {
    let store: BaseStore;
    let root: string;

    beforeEach(async () => {
      ({ store, root } = await makeStore());
    });

    it('get returns null for a missing key and the stored item after put', async () => {
      expect(await store.get([root, 'profile'], 'name')).toBeNull();
      const value = { name: 'Ada', languages: ['en', 'zh'], nested: { level: 2, flags: [true, null] }, note: '狻猊 "quoted" \\ back' };
      await store.put([root, 'profile'], 'name', value);
      const item = await store.get([root, 'profile'], 'name');
      expect(item).toMatchObject({ namespace: [root, 'profile'], key: 'name', value });
      expect(item!.createdAt).toBeInstanceOf(Date);
      expect(item!.updatedAt).toBeInstanceOf(Date);
      expect(item!.updatedAt.getTime()).toBeGreaterThanOrEqual(item!.createdAt.getTime());
      expect(await store.get([root, 'profile'], 'other')).toBeNull();
      expect(await store.get([root, 'profile', 'deeper'], 'name')).toBeNull();
    });

    it('put replaces the whole value, keeps createdAt and advances updatedAt', async () => {
      await store.put([root, 'profile'], 'city', { city: 'Lisbon', since: 2019 });
      // InMemoryStore hands out its live item objects: keep the instants, not the item.
      const first = await store.get([root, 'profile'], 'city');
      const [firstCreated, firstUpdated] = [first!.createdAt.getTime(), first!.updatedAt.getTime()];
      await sleep(15);
      await store.put([root, 'profile'], 'city', { city: 'Porto' });
      const second = await store.get([root, 'profile'], 'city');
      expect(second!.value).toEqual({ city: 'Porto' });
      expect(second!.createdAt.getTime()).toBe(firstCreated);
      expect(second!.updatedAt.getTime()).toBeGreaterThan(firstUpdated);
    });

    it('delete removes an item from get and search; deleting a missing key does nothing', async () => {
      await store.put([root, 'notes'], 'a', { text: 'first' });
      await store.put([root, 'notes'], 'b', { text: 'second' });
      await store.delete([root, 'notes'], 'a');
      expect(await store.get([root, 'notes'], 'a')).toBeNull();
      expect(keysOf(await store.search([root, 'notes']))).toEqual(['b']);
      await store.delete([root, 'notes'], 'a');
      await store.delete([root, 'notes'], 'never-stored');
      expect(keysOf(await store.search([root]))).toEqual(['b']);
      await store.put([root, 'notes'], 'a', { text: 'again' });
      expect((await store.get([root, 'notes'], 'a'))!.value).toEqual({ text: 'again' });
    });

    it('search returns current items under a prefix, matched label by label', async () => {
      await store.put([root, 'a'], 'k1', { n: 1 });
      await store.put([root, 'a', 'b'], 'k2', { n: 2 });
      await store.put([root, 'ab'], 'k3', { n: 3 });
      await store.put([root, 'b'], 'k4', { n: 4 });
      await store.put([root, 'a_c'], 'k5', { n: 5 });
      await store.put([root, 'abc'], 'k6', { n: 6 });
      await store.put([root, '100%'], 'k7', { n: 7 });
      await store.put([root, '1000'], 'k8', { n: 8 });
      expect(keysOf(await store.search([root, 'a']))).toEqual(['k1', 'k2']);
      expect(keysOf(await store.search([root, 'a', 'b']))).toEqual(['k2']);
      expect(keysOf(await store.search([root, 'a_c']))).toEqual(['k5']);
      expect(keysOf(await store.search([root, 'abc']))).toEqual(['k6']);
      expect(keysOf(await store.search([root, '100%']))).toEqual(['k7']);
      expect(keysOf(await store.search([root, '10']))).toEqual([]);
      expect(keysOf(await store.search([root, 'c']))).toEqual([]);
      expect(keysOf(await store.search([root]))).toEqual(['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8']);
      expect(keysOf(await store.search([]))).toEqual(['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8']);
      const items = await store.search([root, 'a']);
      expect(contents(items)).toEqual([
        { namespace: [root, 'a'], key: 'k1', value: { n: 1 } },
        { namespace: [root, 'a', 'b'], key: 'k2', value: { n: 2 } },
      ]);
      for (const item of items) {
        expect(item.score).toBeUndefined();
        expect(item.createdAt).toBeInstanceOf(Date);
        expect(item.updatedAt).toBeInstanceOf(Date);
      }
    });

    it('filters on top-level fields with exact values and the $eq/$ne/$gt/$gte/$lt/$lte/$in/$nin operators', async () => {
      const ns = [root, 'tasks'];
      await store.put(ns, 't1', { kind: 'task', priority: 3, done: false, owner: 'ada' });
      await store.put(ns, 't2', { kind: 'task', priority: 7, done: true });
      await store.put(ns, 't3', { kind: 'task', priority: 10 });
      await store.put(ns, 'n1', { kind: 'note', priority: '5', done: false, owner: null });
      await store.put(ns, 'n2', { kind: 'note' });
      const cases: [Record<string, unknown>, string[]][] = [
        [{ kind: 'task' }, ['t1', 't2', 't3']],
        [{ done: false }, ['n1', 't1']],
        [{ owner: null }, ['n1']],
        [{ kind: 'task', done: true }, ['t2']],
        [{ priority: 5 }, []],
        [{ priority: '5' }, ['n1']],
        [{ missing: 'x' }, []],
        [{ priority: { $eq: 3 } }, ['t1']],
        [{ priority: { $ne: 3 } }, ['n1', 'n2', 't2', 't3']],
        [{ owner: { $ne: null } }, ['n2', 't1', 't2', 't3']],
        // Numeric operators coerce with Number(), as InMemoryStore does: "5" >= 5, a missing field never matches.
        [{ priority: { $gt: 5 } }, ['t2', 't3']],
        [{ priority: { $gte: 5 } }, ['n1', 't2', 't3']],
        [{ priority: { $lt: 5 } }, ['t1']],
        [{ priority: { $lte: 7, $gt: 3 } }, ['n1', 't2']],
        [{ priority: { $in: [3, 10] } }, ['t1', 't3']],
        [{ priority: { $nin: [3, 10] } }, ['n1', 'n2', 't2']],
        [{ kind: { $in: ['note'] }, priority: { $gte: 0 } }, ['n1']],
        [{ kind: 'task', priority: { $gte: 5 }, done: { $ne: true } }, ['t3']],
        [{ priority: {} }, ['n1', 'n2', 't1', 't2', 't3']],
      ];
      for (const [filter, expected] of cases) {
        expect({ filter, keys: keysOf(await store.search([root], { filter })) }).toEqual({ filter, keys: expected });
      }
    });

    it('pages with limit (default 10) and offset', async () => {
      for (let n = 0; n < 12; n += 1) await store.put([root, 'bulk'], `item-${String(n).padStart(2, '0')}`, { n });
      expect(await store.search([root, 'bulk'])).toHaveLength(10);
      expect(await store.search([root, 'bulk'], { limit: 0 })).toEqual([]);
      expect(await store.search([root, 'bulk'], { offset: 12 })).toEqual([]);
      const pages = [
        await store.search([root, 'bulk'], { limit: 5, offset: 0 }),
        await store.search([root, 'bulk'], { limit: 5, offset: 5 }),
        await store.search([root, 'bulk'], { limit: 5, offset: 10 }),
      ];
      expect(pages.map((page) => page.length)).toEqual([5, 5, 2]);
      const all = pages.flat().map((item) => item.key);
      expect(new Set(all).size).toBe(12);
      // The same with a filter that compares numbers.
      const filtered = [
        await store.search([root, 'bulk'], { filter: { n: { $gte: 2 } }, limit: 4, offset: 0 }),
        await store.search([root, 'bulk'], { filter: { n: { $gte: 2 } }, limit: 4, offset: 4 }),
        await store.search([root, 'bulk'], { filter: { n: { $gte: 2 } }, limit: 4, offset: 8 }),
      ];
      expect(filtered.map((page) => page.length)).toEqual([4, 4, 2]);
      expect(new Set(filtered.flat().map((item) => item.key))).toEqual(
        new Set(Array.from({ length: 10 }, (_, i) => `item-${String(i + 2).padStart(2, '0')}`)),
      );
    });

    it('lists namespaces by prefix and suffix, cut to maxDepth, sorted and paged', async () => {
      const namespaces = [
        [root, 'prefs'],
        [root, 'prefs', 'ui'],
        [root, 'prefs', 'ui', 'dark'],
        [root, 'projects', 'apollo'],
        [root, 'projects', 'gemini'],
        [root, 'projects-old'],
        [root, 'a', 'b'],
        [root, 'a-c'],
      ];
      for (const [index, namespace] of namespaces.entries()) await store.put(namespace, `k${index}`, { index });
      await store.put([root, 'prefs'], 'second', { index: 99 });
      const all = [
        [root, 'a-c'],
        [root, 'a', 'b'],
        [root, 'prefs'],
        [root, 'prefs', 'ui'],
        [root, 'prefs', 'ui', 'dark'],
        [root, 'projects-old'],
        [root, 'projects', 'apollo'],
        [root, 'projects', 'gemini'],
      ];
      expect(await store.listNamespaces()).toEqual(all);
      expect(await store.listNamespaces({ prefix: [root] })).toEqual(all);
      expect(await store.listNamespaces({ prefix: [root, 'prefs'] })).toEqual([
        [root, 'prefs'],
        [root, 'prefs', 'ui'],
        [root, 'prefs', 'ui', 'dark'],
      ]);
      expect(await store.listNamespaces({ prefix: [root, 'projects'] })).toEqual([
        [root, 'projects', 'apollo'],
        [root, 'projects', 'gemini'],
      ]);
      expect(await store.listNamespaces({ prefix: [root, '*', 'ui'] })).toEqual([
        [root, 'prefs', 'ui'],
        [root, 'prefs', 'ui', 'dark'],
      ]);
      expect(await store.listNamespaces({ suffix: ['ui'] })).toEqual([[root, 'prefs', 'ui']]);
      expect(await store.listNamespaces({ suffix: ['*', 'apollo'] })).toEqual([[root, 'projects', 'apollo']]);
      expect(await store.listNamespaces({ suffix: ['projects', '*'] })).toEqual([
        [root, 'projects', 'apollo'],
        [root, 'projects', 'gemini'],
      ]);
      expect(await store.listNamespaces({ prefix: [root, 'prefs'], suffix: ['dark'] })).toEqual([[root, 'prefs', 'ui', 'dark']]);
      expect(await store.listNamespaces({ suffix: ['nothing'] })).toEqual([]);
      // Sorted like InMemoryStore: labels joined with ':' and compared with localeCompare.
      expect(await store.listNamespaces({ maxDepth: 2 })).toEqual([
        [root, 'a'],
        [root, 'a-c'],
        [root, 'prefs'],
        [root, 'projects'],
        [root, 'projects-old'],
      ]);
      expect(await store.listNamespaces({ prefix: [root, 'prefs'], maxDepth: 3 })).toEqual([
        [root, 'prefs'],
        [root, 'prefs', 'ui'],
      ]);
      expect(await store.listNamespaces({ maxDepth: 1 })).toEqual([[root]]);
      expect(await store.listNamespaces({ limit: 3 })).toEqual(all.slice(0, 3));
      expect(await store.listNamespaces({ limit: 3, offset: 3 })).toEqual(all.slice(3, 6));
      expect(await store.listNamespaces({ limit: 3, offset: 6 })).toEqual(all.slice(6));
      expect(await store.listNamespaces({ offset: 8 })).toEqual([]);
    });

    it('batch returns results by position and applies puts in order', async () => {
      const ns = [root, 'batch'];
      await store.put(ns, 'a', { n: 1 });
      // Typed loosely: BaseStore's result type cannot follow an inferred array of mixed operations.
      const results: unknown[] = await store.batch([
        { namespace: ns, key: 'a' },
        { namespacePrefix: [root], limit: 10, offset: 0 },
        { matchConditions: undefined, limit: 10, offset: 0 },
        { namespace: ns, key: 'c', value: { n: 3 } },
        { namespace: ns, key: 'missing' },
        { matchConditions: [{ matchType: 'suffix', path: ['batch'] }], limit: 5, offset: 0 },
      ]);
      expect(results).toHaveLength(6);
      expect(results[0]).toMatchObject({ key: 'a', value: { n: 1 } });
      expect(keysOf(results[1] as { key: string }[])).toEqual(['a']);
      expect(results[2]).toEqual([ns]);
      expect(results[3]).toBeNull(); // a put's slot, as in InMemoryStore
      expect(results[4]).toBeNull();
      expect(results[5]).toEqual([ns]);
      expect((await store.get(ns, 'c'))!.value).toEqual({ n: 3 });

      await store.batch([
        { namespace: ns, key: 'twice', value: { v: 1 } },
        { namespace: ns, key: 'twice', value: { v: 2 } },
        { namespace: ns, key: 'gone', value: { v: 1 } },
        { namespace: ns, key: 'gone', value: null },
        { namespace: ns, key: 'a', value: null },
      ]);
      expect((await store.get(ns, 'twice'))!.value).toEqual({ v: 2 });
      expect(await store.get(ns, 'gone')).toBeNull();
      expect(await store.get(ns, 'a')).toBeNull();
      expect(await store.batch([])).toEqual([]);
    });

    it('keeps namespaces, keys and values apart', async () => {
      await store.put([root, 'x'], 'same', { in: 'x' });
      await store.put([root, 'y'], 'same', { in: 'y' });
      await store.put([root, 'x', 'y'], 'same', { in: 'x/y' });
      await store.put([root, 'x'], 'empty', {});
      expect((await store.get([root, 'x'], 'same'))!.value).toEqual({ in: 'x' });
      expect((await store.get([root, 'y'], 'same'))!.value).toEqual({ in: 'y' });
      expect((await store.get([root, 'x', 'y'], 'same'))!.value).toEqual({ in: 'x/y' });
      expect((await store.get([root, 'x'], 'empty'))!.value).toEqual({});
      await store.delete([root, 'x'], 'same');
      expect(keysOf(await store.search([root]))).toEqual(['empty', 'same', 'same']);
    });
  });
}

let database: TestDatabase;
let db: Database;
let tenantId: string;

async function createUser(): Promise<string> {
  const user = await db.user.create({ data: { tenantId, subject: `user-${randomUUID()}` } });
  return user.id;
}

let tombstones: Tombstones;

function factStoreFor(userId: string, options?: FactStoreOptions, barrier: WriteBarrier = tombstones): FactStore {
  return new FactStore(db, { tenantId, userId }, barrier, options);
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(database.url, 20);
  tombstones = new Tombstones(db, new SubjectHasher('memory-store-test-key-0123456789abcdef'));
  tenantId = (await db.tenant.create({ data: { key: `memory-store-${randomUUID().slice(0, 8)}` } })).id;
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describeStoreBehaviour('InMemoryStore', async () => ({ store: new InMemoryStore(), root: randomUUID() }));
describeStoreBehaviour('FactStore', async () => {
  const userId = await createUser();
  return { store: factStoreFor(userId), root: userId };
});

async function expectCode(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, `expected ${code}`).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

describe('FactStore', () => {
  let alice: string;
  let bob: string;
  let store: FactStore;

  beforeEach(async () => {
    alice = await createUser();
    bob = await createUser();
    store = factStoreFor(alice);
  });

  const rowsOf = (userId: string) => db.fact.findMany({ where: { userId }, orderBy: [{ key: 'asc' }, { version: 'asc' }] });

  it('matches namespaces label by label: ["u", "acme"] never returns ["u", "acme-corp"]', async () => {
    await store.put([alice, 'acme'], 'contract', { owner: 'acme' });
    await store.put([alice, 'acme', 'eu'], 'office', { city: 'Dublin' });
    await store.put([alice, 'acme-corp'], 'contract', { owner: 'acme-corp' });
    await store.put([alice, 'acmeX'], 'contract', { owner: 'acmeX' });
    const found = await store.search([alice, 'acme']);
    expect(contents(found)).toEqual([
      { namespace: [alice, 'acme'], key: 'contract', value: { owner: 'acme' } },
      { namespace: [alice, 'acme', 'eu'], key: 'office', value: { city: 'Dublin' } },
    ]);
    expect(await store.listNamespaces({ prefix: [alice, 'acme'] })).toEqual([
      [alice, 'acme'],
      [alice, 'acme', 'eu'],
    ]);
  });

  it('accepts _, %, ., : and quotes in labels and keys, and never treats them as wildcards or separators', async () => {
    const pairs: [string[], string[]][] = [
      [
        [alice, 'a_c'],
        [alice, 'abc'],
      ],
      [
        [alice, '%'],
        [alice, 'percent'],
      ],
      [
        [alice, '50%'],
        [alice, '500'],
      ],
      [
        [alice, 'a.b'],
        [alice, 'a', 'b'],
      ],
      [
        [alice, 'x:y'],
        [alice, 'x', 'y'],
      ],
      [
        [alice, 'it\'s "quoted" \\'],
        [alice, 'its'],
      ],
    ];
    for (const [index, [special, plain]] of pairs.entries()) {
      await store.put(special, `special-${index}`, { index });
      await store.put(plain, `plain-${index}`, { index });
    }
    for (const [index, [special, plain]] of pairs.entries()) {
      expect(keysOf(await store.search(special))).toEqual([`special-${index}`]);
      expect(keysOf(await store.search(plain))).toEqual([`plain-${index}`]);
      expect(await store.listNamespaces({ prefix: special })).toEqual([special]);
      expect((await store.get(special, `special-${index}`))!.value).toEqual({ index });
      expect(await store.get(special, `plain-${index}`)).toBeNull();
    }
    // `a` must not pick up `a.b`, nor `x` pick up `x:y`, as joined-string prefixes would.
    expect(keysOf(await store.search([alice, 'a']))).toEqual(['plain-3']);
    expect(keysOf(await store.search([alice, 'x']))).toEqual(['plain-4']);
    expect(await store.listNamespaces({ suffix: ['%'] })).toEqual([[alice, '%']]);
    expect(await store.listNamespaces({ suffix: ['b'] })).toEqual([[alice, 'a', 'b']]);

    const oddKey = 'k_%.:*\'"\\ 鍵';
    await store.put([alice, 'keys'], oddKey, { odd: true });
    await store.put([alice, 'keys'], 'k__', { odd: false });
    expect((await store.get([alice, 'keys'], oddKey))!.value).toEqual({ odd: true });
    expect(await store.get([alice, 'keys'], 'k_%')).toBeNull();
    expect(await store.history([alice, 'keys'], oddKey)).toHaveLength(1);
  });

  it("refuses another user's namespace on every method, before doing anything", async () => {
    const bobs = factStoreFor(bob);
    await bobs.put([bob, 'profile'], 'name', { name: 'Bob' });
    const attempts: [string, () => Promise<unknown>][] = [
      ['get', () => store.get([bob, 'profile'], 'name')],
      ['put', () => store.put([bob, 'profile'], 'name', { name: 'Mallory' })],
      ['delete', () => store.delete([bob, 'profile'], 'name')],
      ['search', () => store.search([bob])],
      ['search deeper', () => store.search([bob, 'profile'])],
      ['listNamespaces', () => store.listNamespaces({ prefix: [bob] })],
      ['listNamespaces wildcard root', () => store.listNamespaces({ prefix: ['*', 'profile'] })],
      ['history', () => store.history([bob, 'profile'], 'name')],
      [
        'batch get',
        () =>
          store.batch([
            { namespace: [alice, 'profile'], key: 'name', value: { name: 'Alice' } },
            { namespace: [bob, 'profile'], key: 'name' },
          ]),
      ],
      [
        'batch search',
        () =>
          store.batch([
            { namespace: [alice, 'profile'], key: 'name', value: { name: 'Alice' } },
            { namespacePrefix: [bob], limit: 10, offset: 0 },
          ]),
      ],
      [
        'batch list',
        () =>
          store.batch([
            { namespace: [alice, 'profile'], key: 'name', value: { name: 'Alice' } },
            { matchConditions: [{ matchType: 'prefix', path: [bob] }], limit: 10, offset: 0 },
          ]),
      ],
      [
        'batch put',
        () =>
          store.batch([
            { namespace: [alice, 'profile'], key: 'name', value: { name: 'Alice' } },
            { namespace: [bob, 'profile'], key: 'name', value: null },
          ]),
      ],
      ['upper-cased id', () => store.get([alice.toUpperCase(), 'profile'], 'name')],
      ['other root', () => store.search(['langgraph'])],
    ];
    for (const [what, attempt] of attempts) {
      await expectCode(attempt(), 'FORBIDDEN').catch((error: unknown) => {
        throw new Error(`${what}: ${String(error)}`);
      });
    }
    expect(await rowsOf(alice)).toEqual([]);
    expect((await bobs.get([bob, 'profile'], 'name'))!.value).toEqual({ name: 'Bob' });
    expect(await bobs.history([bob, 'profile'], 'name')).toHaveLength(1);
    // The caller's own view never includes another user's facts.
    await store.put([alice, 'profile'], 'name', { name: 'Alice' });
    expect(contents(await store.search([]))).toEqual([{ namespace: [alice, 'profile'], key: 'name', value: { name: 'Alice' } }]);
    expect(await store.listNamespaces()).toEqual([[alice, 'profile']]);
    expect(await store.listNamespaces({ suffix: ['profile'] })).toEqual([[alice, 'profile']]);
    expect(await store.countsByCategory()).toEqual([{ category: 'profile', current: 1, versions: 1 }]);
  });

  it('refuses malformed namespaces, keys, values, filters and paging as BAD_USER_INPUT', async () => {
    const attempts: [string, () => Promise<unknown>][] = [
      ['empty namespace', () => store.get([], 'k')],
      ['root only', () => store.put([alice], 'k', { a: 1 })],
      ['nine labels', () => store.put([alice, '1', '2', '3', '4', '5', '6', '7', '8'], 'k', { a: 1 })],
      ['empty label', () => store.put([alice, ''], 'k', { a: 1 })],
      ['long label', () => store.put([alice, 'x'.repeat(129)], 'k', { a: 1 })],
      ['NUL label', () => store.get([alice, 'a\u0000b'], 'k')],
      ['non-string label', () => store.get([alice, 7 as unknown as string], 'k')],
      ['empty key', () => store.put([alice, 'p'], '', { a: 1 })],
      ['long key', () => store.get([alice, 'p'], 'k'.repeat(257))],
      ['array value', () => store.put([alice, 'p'], 'k', [1, 2] as unknown as Record<string, unknown>)],
      ['string value', () => store.put([alice, 'p'], 'k', 'text' as unknown as Record<string, unknown>)],
      ['date value', () => store.put([alice, 'p'], 'k', new Date() as unknown as Record<string, unknown>)],
      ['NaN inside', () => store.put([alice, 'p'], 'k', { n: Number.NaN })],
      ['NUL inside', () => store.put([alice, 'p'], 'k', { s: 'a\u0000' })],
      ['huge value', () => store.put([alice, 'p'], 'k', { s: 'x'.repeat(70_000) })],
      ['unknown operator', () => store.search([alice], { filter: { n: { $regex: 'a' } } })],
      ['mixed operator', () => store.search([alice], { filter: { n: { $gt: 1, plain: 2 } } })],
      ['negative limit', () => store.search([alice], { limit: -1 })],
      ['fractional offset', () => store.search([alice], { offset: 1.5 })],
      ['long prefix', () => store.search([alice, '1', '2', '3', '4', '5', '6', '7', '8'])],
      ['maxDepth 0', () => store.listNamespaces({ maxDepth: 0 })],
      ['unknown operation', () => store.batch([{ nonsense: true } as never])],
      [
        'invalid op poisons the batch',
        () =>
          store.batch([
            { namespace: [alice, 'p'], key: 'ok', value: { a: 1 } },
            { namespace: [alice, 'p'], key: '', value: { a: 1 } },
          ]),
      ],
    ];
    for (const [what, attempt] of attempts) {
      await expectCode(attempt(), 'BAD_USER_INPUT').catch((error: unknown) => {
        throw new Error(`${what}: ${String(error)}`);
      });
    }
    expect(await rowsOf(alice)).toEqual([]);
    // Undefined fields are dropped as in JSON, and 8 labels of 128 characters are fine.
    const deep = [alice, ...Array.from({ length: 7 }, (_, i) => `${i}`.repeat(128))];
    await store.put(deep, 'k'.repeat(256), { kept: 1, dropped: undefined });
    expect((await store.get(deep, 'k'.repeat(256)))!.value).toEqual({ kept: 1 });
  });

  it('adds a version only when the value changes, and keeps the history with supersededAt', async () => {
    const confirmed = factStoreFor(alice, { source: 'CONFIRMED', sourceTurn: 'session-1:turn-4' });
    const ns = [alice, 'profile'];
    await store.put(ns, 'city', { city: 'Lisbon', tags: ['sea', 'hills'] });
    await store.put(ns, 'city', { tags: ['sea', 'hills'], city: 'Lisbon' });
    expect(await rowsOf(alice)).toHaveLength(1);
    const unchanged = await store.get(ns, 'city');

    await sleep(5);
    await confirmed.put(ns, 'city', { city: 'Porto' });
    const [second, first] = await store.history(ns, 'city');
    expect(first).toMatchObject({
      version: 1,
      source: 'USER_STATED',
      sourceTurn: null,
      confirmedAt: null,
      value: { city: 'Lisbon', tags: ['sea', 'hills'] },
    });
    expect(second).toMatchObject({
      version: 2,
      source: 'CONFIRMED',
      sourceTurn: 'session-1:turn-4',
      supersededAt: null,
      value: { city: 'Porto' },
    });
    expect(first!.supersededAt).toEqual(second!.createdAt);
    expect(second!.confirmedAt).toEqual(second!.createdAt);
    const item = await store.get(ns, 'city');
    expect(item!.createdAt).toEqual(first!.createdAt);
    expect(item!.updatedAt).toEqual(second!.createdAt);
    expect(unchanged!.updatedAt).toEqual(first!.createdAt);

    await store.delete(ns, 'city');
    expect(await store.get(ns, 'city')).toBeNull();
    const afterDelete = await store.history(ns, 'city');
    expect(afterDelete.map((version) => version.version)).toEqual([2, 1]);
    expect(afterDelete[0]!.supersededAt).toBeInstanceOf(Date);
    await store.delete(ns, 'city');
    expect(await store.history(ns, 'city')).toEqual(afterDelete);

    await store.put(ns, 'city', { city: 'Porto' });
    const afterReturn = await store.history(ns, 'city');
    expect(afterReturn.map((version) => [version.version, version.supersededAt === null])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    const current = await db.fact.findMany({ where: { userId: alice, supersededAt: null } });
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ version: 3, category: 'profile', namespace: ns, tenantId });
    expect(await store.history(ns, 'never')).toEqual([]);
  });

  it('leaves exactly one current row when puts of one key race', async () => {
    const ns = [alice, 'race'];
    const writers = Array.from({ length: 16 }, () => factStoreFor(alice));
    await Promise.all(writers.map((writer, index) => writer.put(ns, 'contended', { writer: index })));
    const rows = await db.fact.findMany({ where: { userId: alice, key: 'contended' }, orderBy: { version: 'asc' } });
    expect(rows.map((row) => row.version)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(rows.filter((row) => row.supersededAt === null)).toHaveLength(1);
    expect(rows.at(-1)!.supersededAt).toBeNull();
    for (let i = 1; i < rows.length; i += 1) expect(rows[i - 1]!.supersededAt).toEqual(rows[i]!.createdAt);

    // The same value from many writers at once is one version.
    await Promise.all(writers.map((writer) => writer.put(ns, 'same', { v: 'identical' })));
    expect(await db.fact.count({ where: { userId: alice, key: 'same' } })).toBe(1);

    // Mixed batches over the same keys in opposite orders neither deadlock nor duplicate.
    await Promise.all(
      writers.map((writer, index) =>
        writer.batch(
          index % 2 === 0
            ? [
                { namespace: ns, key: 'p', value: { index } },
                { namespace: ns, key: 'q', value: { index } },
              ]
            : [
                { namespace: ns, key: 'q', value: { index } },
                { namespace: ns, key: 'p', value: { index } },
              ],
        ),
      ),
    );
    for (const key of ['p', 'q']) expect(await db.fact.count({ where: { userId: alice, key, supersededAt: null } })).toBe(1);
  });

  it('retries once when a writer that bypasses the store wins the race for a new key', async () => {
    const ns = [alice, 'race'];
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO "Fact" (id, "tenantId", "userId", namespace, category, key, value, version, source)
         VALUES (gen_random_uuid(), $1, $2, $3, 'race', 'fresh', '{"by":"other"}', 1, 'IMPORTED')`,
        [tenantId, alice, ns],
      );
      const put = store.put(ns, 'fresh', { by: 'store' });
      await sleep(300); // the store's insert now waits on the unique index
      await client.query('COMMIT');
      await put;
    } finally {
      await client.end();
    }
    const history = await store.history(ns, 'fresh');
    expect(history.map((version) => [version.version, version.value, version.supersededAt === null])).toEqual([
      [2, { by: 'store' }, true],
      [1, { by: 'other' }, false],
    ]);
  });

  it('enters the write barrier inside every writing transaction; a refusing barrier writes nothing', async () => {
    const calls: string[] = [];
    const refusing: WriteBarrier = {
      enter: async (run, userId) => {
        calls.push(userId);
        // Runs inside the store's transaction: the statement sees the transaction's own snapshot.
        expect(await run('SELECT 1 AS inside', [])).toEqual([{ inside: 1 }]);
        throw new AppError('FORBIDDEN', 'This user has been erased.');
      },
      assertWritable: async () => {},
    };
    const erased = factStoreFor(alice, undefined, refusing);
    await store.put([alice, 'profile'], 'kept', { kept: true });
    await expectCode(erased.put([alice, 'profile'], 'name', { name: 'Alice' }), 'FORBIDDEN');
    await expectCode(erased.delete([alice, 'profile'], 'kept'), 'FORBIDDEN');
    await expectCode(
      erased.batch([
        { namespace: [alice, 'profile'], key: 'a', value: { a: 1 } },
        { namespace: [alice, 'profile'], key: 'kept' },
      ]),
      'FORBIDDEN',
    );
    expect(calls).toEqual([alice, alice, alice]);
    expect((await rowsOf(alice)).map((row) => [row.key, row.supersededAt])).toEqual([['kept', null]]);
    // Reads do not enter the barrier.
    expect(await erased.get([alice, 'profile'], 'kept')).not.toBeNull();
    expect(await erased.search([alice])).toHaveLength(1);
    expect(await erased.listNamespaces()).toEqual([[alice, 'profile']]);
    expect(calls).toHaveLength(3);
  });

  it('with the tombstone barrier: a put that entered before the tombstone commits first, a put after it is refused', async () => {
    const hasher = new SubjectHasher('memory-store-test-key-0123456789abcdef');
    const user = await db.user.findUniqueOrThrow({ where: { id: alice }, include: { tenant: true } });
    // A writer inside the barrier holds its transaction open while the erasure buries the user.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const slowBarrier: WriteBarrier = {
      enter: async (run, userId) => {
        await tombstones.enter(run, userId);
        entered();
        await held;
      },
      assertWritable: (userId) => tombstones.assertWritable(userId),
    };
    const slowPut = factStoreFor(alice, undefined, slowBarrier).put([alice, 'profile'], 'racing', { value: 'in flight' });
    await inside;
    let buried = false;
    const burial = new Tombstones(db, hasher)
      .bury({ userId: alice, tenantId, tenantKey: user.tenant.key, subject: user.subject })
      .then(() => (buried = true));
    await sleep(200);
    // The erasure waits for the writer that entered first ...
    expect(buried).toBe(false);
    release();
    await slowPut;
    await burial;
    // ... so its row exists before anything is deleted, and every later write is refused.
    expect((await rowsOf(alice)).some((row) => row.key === 'racing')).toBe(true);
    await expectCode(
      factStoreFor(alice, undefined, new Tombstones(db, hasher)).put([alice, 'profile'], 'late', { value: 'after' }),
      'FORBIDDEN',
    );
    expect((await rowsOf(alice)).some((row) => row.key === 'late')).toBe(false);
  });

  it('deleteAllForUser removes every version of the user and nothing of anyone else', async () => {
    const bobs = factStoreFor(bob);
    await store.put([alice, 'profile'], 'city', { city: 'Lisbon' });
    await store.put([alice, 'profile'], 'city', { city: 'Porto' });
    await store.put([alice, 'prefs', 'ui'], 'theme', { theme: 'dark' });
    await store.delete([alice, 'prefs', 'ui'], 'theme');
    await bobs.put([bob, 'profile'], 'city', { city: 'Oslo' });
    await bobs.put([bob, 'profile'], 'city', { city: 'Bergen' });
    expect(await store.countsByCategory()).toEqual([
      { category: 'prefs', current: 0, versions: 1 },
      { category: 'profile', current: 1, versions: 2 },
    ]);
    expect(await store.deleteAllForUser()).toBe(3);
    expect(await db.fact.count({ where: { userId: alice } })).toBe(0);
    expect(await store.search([])).toEqual([]);
    expect(await store.countsByCategory()).toEqual([]);
    expect(await db.fact.count({ where: { userId: bob } })).toBe(2);
    expect((await bobs.get([bob, 'profile'], 'city'))!.value).toEqual({ city: 'Bergen' });
    expect(await store.deleteAllForUser()).toBe(0);
  });

  it('matches query as a case-insensitive substring of the value JSON, newest first', async () => {
    const ns = [alice, 'docs'];
    await store.put(ns, 'report', { title: 'Quarterly REPORT', year: 2024 });
    await sleep(5);
    await store.put(ns, 'city', { city: 'Zürich' });
    await sleep(5);
    await store.put(ns, 'notes', { title: 'notes', body: 'see the report' });
    expect((await store.search([alice], { query: 'report' })).map((item) => item.key)).toEqual(['notes', 'report']);
    expect(keysOf(await store.search([alice], { query: 'ZÜRICH' }))).toEqual(['city']);
    expect(keysOf(await store.search([alice], { query: 'title' }))).toEqual(['notes', 'report']);
    expect(keysOf(await store.search([alice], { query: '2024' }))).toEqual(['report']);
    expect(keysOf(await store.search([alice], { query: 'report', filter: { year: { $gte: 2000 } } }))).toEqual(['report']);
    expect((await store.search([alice], { query: 'report', limit: 1, offset: 1 })).map((item) => item.key)).toEqual(['report']);
    expect((await store.search([alice], { query: 'report' }))[0]!.score).toBeUndefined();
    // Without a query, too, the newest comes first.
    expect((await store.search([alice])).map((item) => item.key)).toEqual(['notes', 'city', 'report']);
    expect(MAX_IN_MEMORY_SCAN).toBeGreaterThan(1_000);
  });

  it('compares objects and arrays in filters by content', async () => {
    const ns = [alice, 'tags'];
    await store.put(ns, 'a', { tags: ['x', 'y'], meta: { level: 1, kind: 'k' } });
    await store.put(ns, 'b', { tags: ['y', 'x'], meta: { level: 2 } });
    expect(keysOf(await store.search([alice], { filter: { tags: ['x', 'y'] } }))).toEqual(['a']);
    expect(keysOf(await store.search([alice], { filter: { meta: { kind: 'k', level: 1 } } }))).toEqual(['a']);
    expect(keysOf(await store.search([alice], { filter: { meta: { $ne: { level: 2 } } } }))).toEqual(['a']);
    expect(keysOf(await store.search([alice], { filter: { meta: { $in: [{ level: 2 }] } } }))).toEqual(['b']);
  });

  it('differs from InMemoryStore where documented: in-order batches, vanished namespaces, unchanged puts', async () => {
    const memory = new InMemoryStore();
    const ns = [alice, 'diff'];
    const readAfterWrite = [
      { namespace: ns, key: 'k', value: { v: 1 } },
      { namespace: ns, key: 'k' },
    ] as const;
    // A batch here runs in order; InMemoryStore applies its puts after all reads of the batch.
    expect((await store.batch([...readAfterWrite]))[1]).toMatchObject({ value: { v: 1 } });
    expect((await memory.batch([...readAfterWrite]))[1]).toBeNull();
    // A namespace whose facts are all deleted is gone; InMemoryStore keeps listing it.
    await store.delete(ns, 'k');
    await memory.delete(ns, 'k');
    expect(await store.listNamespaces()).toEqual([]);
    expect(await memory.listNamespaces()).toEqual([ns]);
    // Writing an unchanged value is not an update here.
    await store.put(ns, 'same', { v: 1 });
    const before = await store.get(ns, 'same');
    await sleep(5);
    await store.put(ns, 'same', { v: 1 });
    expect((await store.get(ns, 'same'))!.updatedAt).toEqual(before!.updatedAt);
  });

  it('serves a LangGraph graph through config.store', async () => {
    const State = Annotation.Root({ userId: Annotation<string>, names: Annotation<string[]> });
    const graph = new StateGraph(State)
      .addNode('remember', async (state: typeof State.State, config: LangGraphRunnableConfig) => {
        await config.store!.put([state.userId, 'profile'], 'name', { name: 'Ada' });
        const items = await config.store!.search([state.userId]);
        return { names: items.map((item) => String(item.value.name)) };
      })
      .addEdge(START, 'remember')
      .addEdge('remember', END)
      .compile({ store });
    expect(await graph.invoke({ userId: alice, names: [] })).toEqual({ userId: alice, names: ['Ada'] });
    await expect(graph.invoke({ userId: bob, names: [] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await db.fact.count({ where: { userId: bob } })).toBe(0);
  });
});
