import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as operations from './operations.js';
import { toCsv, type ReviewOutcome } from './output.js';
import { etaSeconds, progressLine, ProgressReporter } from './progress.js';
import { contractIdFor } from './review.js';

describe('CLI pieces', () => {
  it('sends only operations that are valid against schema.graphql', () => {
    const schema = buildSchema(readFileSync(path.join(import.meta.dirname, '../../schema.graphql'), 'utf8'));
    const documents = Object.entries(operations as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && !entry[0].endsWith('_FIELDS'),
    );
    expect(documents.map(([name]) => name).sort()).toEqual([
      'BATCH_PROGRESS',
      'BATCH_RESULTS',
      'ERASURE_PROGRESS',
      'ERASURE_REQUEST',
      'REQUEST_ERASURE',
      'REVIEW_PROGRESS',
      'REVIEW_RESULT',
      'SUBMIT',
      'SUBMIT_BATCH',
      'TENANT_USERS',
      'TRACE',
      'TRACES',
    ]);
    for (const [name, source] of documents) expect(validate(schema, parse(source)).map((error) => `${name}: ${error.message}`)).toEqual([]);
    // The gateway trusts exactly these by hash: one missing from the list would be refused under `enforce`.
    expect([...operations.CLI_OPERATIONS].sort()).toEqual(documents.map(([, source]) => source).sort());
  });

  it('estimates the time left from the rate so far', () => {
    expect(etaSeconds(10_000, 0, 10)).toBeNull();
    expect(etaSeconds(10_000, 2, 10)).toBe(40);
    expect(etaSeconds(10_000, 10, 10)).toBe(0);
    expect(progressLine({ completed: 3, total: 12, failed: 1 }, 6_000, true, 8)).toBe('[##------] 3/12 completed, 1 failed, ETA 18s');
    expect(progressLine({ completed: 1, total: 40, failed: 0 }, 5_000, false)).toBe('1/40 completed, 0 failed, ETA 3m15s');
    expect(progressLine({ completed: 0, total: 4, failed: 0 }, 5_000, false)).toBe('0/4 completed, 0 failed, ETA --');
  });

  it('writes RFC 4180 CSV: quotes, doubled quotes and line breaks inside fields', () => {
    const outcome: ReviewOutcome = {
      file: 'a,b.pdf',
      reviewId: null,
      status: 'FAILED',
      riskLevel: null,
      riskScore: null,
      findings: [],
      error: { code: 'BAD_USER_INPUT', message: 'a "bad"\nfile' },
    };
    expect(toCsv([outcome])).toBe(
      'file,reviewId,status,riskLevel,riskScore,findings,errorCode,errorMessage\r\n"a,b.pdf",,FAILED,,,0,BAD_USER_INPUT,"a ""bad""\nfile"\r\n',
    );
  });

  it('makes contract ids the gateway accepts from file paths', () => {
    expect(contractIdFor('cuad_00ec.txt')).toBe('cuad_00ec.txt');
    expect(contractIdFor(path.join('2024', 'Supply agreement (final).pdf'))).toBe('2024/Supply-agreement-final-.pdf');
    expect(contractIdFor('.hidden.md')).toBe('hidden.md');
    expect(contractIdFor('合同 一.docx')).toBe('合同-一.docx');
    expect(contractIdFor('x'.repeat(200)).length).toBe(128);
  });

  it('redraws one line on a terminal and writes a plain line per change elsewhere', () => {
    const stream = (isTTY: boolean) => {
      const written: string[] = [];
      return { isTTY, written, write: (chunk: string) => written.push(chunk) > 0 } as unknown as NodeJS.WritableStream & {
        isTTY: boolean;
        written: string[];
      };
    };
    const tty = stream(true);
    const bar = new ProgressReporter(tty);
    bar.update({ completed: 0, total: 2, failed: 0 });
    bar.update({ completed: 2, total: 2, failed: 1 });
    bar.finish();
    expect(tty.written).toEqual([
      '\r\x1b[2K[------------------------] 0/2 completed, 0 failed, ETA --',
      '\r\x1b[2K[########################] 2/2 completed, 1 failed, ETA 0s',
      '\n',
    ]);
    const pipe = stream(false);
    const lines = new ProgressReporter(pipe);
    lines.update({ completed: 1, total: 2, failed: 0 });
    lines.update({ completed: 1, total: 2, failed: 0 });
    lines.finish();
    expect(pipe.written).toHaveLength(1);
    expect(pipe.written[0]).toMatch(/^progress 1\/2 completed, 0 failed, ETA \d+s\n$/);
  });
});
