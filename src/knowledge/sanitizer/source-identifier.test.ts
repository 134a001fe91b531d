import { describe, expect, it } from 'vitest';
import { sanitizeSourceIdentifier } from './source-identifier.js';

describe('sanitizeSourceIdentifier', () => {
  it.each([
    ['policy:finance/penalties#3', 'policy:finance/penalties#3'],
    ['  statute:cn/civil-code/585 ', 'statute:cn/civil-code/585'],
    ['https://kb.example/policies/penalties#3', 'https://kb.example/policies/penalties#3'],
    ['postgres://kb:s3cret@db.internal:5432/knowledge?sslmode=require', 'postgres://db.internal:5432/knowledge'],
    ['https://user:p/ss@kb.example/doc', 'https://kb.example/doc'],
    ['https://kb.example/doc?token=abc', 'https://kb.example/doc'],
    ['https://kb.example/doc#access_token=abc', 'https://kb.example/doc'],
    ['/srv/suanni/kb/penalties.md', 'file:penalties.md'],
    ['C:\\kb\\penalties.md', 'file:penalties.md'],
    ['~/kb/penalties.md', 'file:penalties.md'],
    ['file:///srv/kb/penalties.md', 'file:penalties.md'],
  ])('%s -> %s', (source, expected) => {
    expect(sanitizeSourceIdentifier(source)).toBe(expected);
  });
});
