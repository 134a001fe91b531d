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
    // Any case, any separator, any drive letter; a UNC path too.
    ['FILE:///srv/kb/penalties.md', 'file:penalties.md'],
    ['file:penalties.md', 'file:penalties.md'],
    ['\\\\server\\share\\kb\\penalties.md', 'file:penalties.md'],
    ['d:/kb/penalties.md', 'file:penalties.md'],
    ['~\\kb\\penalties.md', 'file:penalties.md'],
    ['/', 'file:'],
    // Not absolute paths: a drive letter without a separator, a home-relative name without one.
    ['c:penalties.md', 'c:penalties.md'],
    ['~kb/penalties.md', '~kb/penalties.md'],
    // The query goes, a plain fragment stays; a fragment with any "=" goes whole.
    ['https://kb.example/doc?x=1#section-3', 'https://kb.example/doc#section-3'],
    ['https://kb.example/doc#', 'https://kb.example/doc#'],
    ['https://kb.example/doc#a=b#c', 'https://kb.example/doc'],
    // Any scheme, in any case, loses its credentials, even an empty user part.
    ['HTTPS://User:pw@KB.example/doc', 'HTTPS://KB.example/doc'],
    ['git+ssh://git@host.example/repo.git', 'git+ssh://host.example/repo.git'],
    ['s3.x-y://key:secret@bucket/obj', 's3.x-y://bucket/obj'],
    ['https://@kb.example/doc', 'https://kb.example/doc'],
    ['https://u:p@kb.example/doc ', 'https://kb.example/doc'],
    // Identifiers without "//" are not URLs with an authority.
    ['mailto:legal@example.com', 'mailto:legal@example.com'],
    ['notes:file:penalties', 'notes:file:penalties'],
    ['file:///srv/kb/myfile:1.md', 'file:myfile:1.md'],
    ['/srv/kb/', 'file:kb'],
    // A URL that is not the whole source still loses its credentials (they leaked before).
    ['https://u:secret@kb.example/a b', 'https://kb.example/a b'],
    ['see https://u:secret@kb.example/doc', 'see https://kb.example/doc'],
    ['1http://u:secret@kb.example/doc', '1http://kb.example/doc'],
  ])('%s -> %s', (source, expected) => {
    expect(sanitizeSourceIdentifier(source)).toBe(expected);
  });
});
