import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishContract, REVIEW_KNOWLEDGE } from '../fixtures/contracts.js';
import { startTestApp, type TestApp } from '../testkit/app.js';
import {
  CUAD_FOLDER,
  cuadContracts,
  makeCorruptPdf,
  makeDocx,
  makeEncryptedPdf,
  makeImageOnlyPdf,
  makeTextPdf,
} from '../testkit/documents.js';
import { postMultipart } from '../testkit/multipart.js';

const SUBMIT = `mutation ($input: ReviewInput!) { submitReview(input: $input) { id status } }`;
const SUBMIT_BATCH = `mutation ($inputs: [ReviewInput!]!) { submitReviewBatch(inputs: $inputs) { id total } }`;
const REVIEW = `query ($id: ID!) { review(id: $id) { id status text title error { code message } findings { clause knowledgeId version message evidence { start end } } } }`;
const PUT = `mutation ($input: KnowledgeVersionInput!) { putKnowledgeVersion(input: $input) { id } }`;
const TERMS = { payDays: 45, penalty: 10, notice: 15, years: 2 };

type Review = {
  id: string;
  status: string;
  text: string | null;
  title: string;
  error: { code: string; message: string } | null;
  findings: { clause: string; knowledgeId: string; version: string; message: string; evidence: { start: number; end: number } | null }[];
};

const pdfFile = async (text: string, name = 'contract.pdf') =>
  new File([Buffer.from(await makeTextPdf(text))], name, { type: 'application/pdf' });

describe('contract files over the GraphQL multipart request spec', () => {
  let app: TestApp;
  let alice: string;
  const base = { contractId: 'file-1', title: 'Uploaded', asOf: '2025-06-01T00:00:00Z' };

  const upload = (file: File, input: Record<string, unknown> = {}, options: { csrfHeader?: boolean } = {}) =>
    postMultipart(
      app.url,
      { query: SUBMIT, variables: { input: { ...base, ...input, file: null } } },
      { 'variables.input.file': file },
      { token: alice, ...options },
    );
  const reviewOf = async (id: string): Promise<Review> => {
    const response = await app.gql(REVIEW, { id }, { token: alice });
    expect(response.errors).toBeUndefined();
    return response.data!.review as Review;
  };
  const reviewRows = () => app.db.review.count();
  /** Every finding's evidence lies inside the stored text and covers what the finding is about. */
  const expectEvidenceInText = (review: Review) => {
    expect(review.findings.length).toBeGreaterThan(0);
    for (const finding of review.findings) {
      expect(finding.evidence).not.toBeNull();
      const { start, end } = finding.evidence!;
      expect(0 <= start && start < end && end <= review.text!.length).toBe(true);
    }
  };

  beforeAll(async () => {
    app = await startTestApp({
      env: { SUANNI_REVIEW_MAX_TEXT_BYTES: '100000', SUANNI_REVIEW_MAX_FILE_BYTES: '150000', SUANNI_MAX_BODY_BYTES: '200000' },
    });
    alice = await app.token('alice');
    const admin = await app.token('carol', { roles: ['ADMIN'] });
    for (const item of REVIEW_KNOWLEDGE) {
      const response = await app.gql(
        PUT,
        { input: { kind: 'CLAUSE', source: `policy:test/${item.knowledgeId}`, ...item } },
        { token: admin },
      );
      expect(response.errors).toBeUndefined();
    }
  });
  afterAll(() => app.stop());

  it('reviews a PDF holding a CUAD contract: the extracted text is stored and evidence offsets index it', async () => {
    const [cuad] = await cuadContracts(1);
    if (!cuad) console.log(`CUAD contracts not found under ${CUAD_FOLDER}: the PDF carries the synthetic contract only`);
    const source = `${englishContract(TERMS)}\n\n${cuad?.text ?? ''}`;
    const submitted = await upload(await pdfFile(source));
    expect(submitted.errors).toBeUndefined();
    expect(submitted.data!.submitReview.status).toBe('QUEUED');
    await app.deps.services.reviews.idle();
    const review = await reviewOf(submitted.data!.submitReview.id);
    expect(review.status).toBe('SUCCEEDED');
    expect(review.text).toContain('Buyer shall pay each undisputed invoice within 45 days of receipt.');
    // The PDF wraps lines where the page ends: compare the words, in order (the first 300 of the CUAD contract).
    const words = (text: string, count = Infinity) => (text.match(/[A-Za-z0-9]+/g) ?? []).slice(0, count).join(' ');
    if (cuad) expect(words(review.text!)).toContain(words(cuad.text, 300));
    expectEvidenceInText(review);
    const payment = review.findings.find((finding) => finding.knowledgeId === 'payment-term')!;
    expect(review.text!.slice(payment.evidence!.start, payment.evidence!.end)).toContain('45 days');

    // The same text sent as text gives the same findings at the same offsets: offsets mean the stored text.
    const asText = await app.gql(SUBMIT, { input: { ...base, text: review.text } }, { token: alice });
    await app.deps.services.reviews.idle();
    expect((await reviewOf(asText.data!.submitReview.id)).findings).toEqual(review.findings);
  });

  it('reviews a batch of a DOCX, a TXT and a corrupt PDF: the corrupt one fails alone, naming the file, with no text stored', async () => {
    const cuad = await cuadContracts(2);
    const docText = `${englishContract({ ...TERMS, penalty: 12 })}\n${cuad[1]?.text.slice(0, 5000) ?? ''}`;
    const docx = new File([Buffer.from(await makeDocx(docText))], 'supply.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const txt = new File([englishContract({ ...TERMS, payDays: 60 })], 'supply.md', { type: 'text/markdown' });
    const corrupt = new File([Buffer.from(await makeCorruptPdf())], 'broken.pdf', { type: 'application/pdf' });
    const inputs = ['docx', 'txt', 'corrupt'].map((name) => ({ contractId: `batch-${name}`, title: name, asOf: base.asOf, file: null }));
    const response = await postMultipart(
      app.url,
      { query: SUBMIT_BATCH, variables: { inputs } },
      { 'variables.inputs.0.file': docx, 'variables.inputs.1.file': txt, 'variables.inputs.2.file': corrupt },
      { token: alice },
    );
    expect(response.errors).toBeUndefined();
    expect(response.data!.submitReviewBatch.total).toBe(3);
    await app.deps.services.reviews.idle();
    const rows = await app.db.review.findMany({ where: { batchId: response.data!.submitReviewBatch.id }, orderBy: { batchIndex: 'asc' } });
    const [docxReview, txtReview, corruptReview] = await Promise.all(rows.map((row) => reviewOf(row.id)));
    expect(docxReview!.status).toBe('SUCCEEDED');
    expect(docxReview!.text).toContain('liquidated damages equal to 12% of the contract price');
    expectEvidenceInText(docxReview!);
    expect(txtReview!.status).toBe('SUCCEEDED');
    expect(txtReview!.text).toBe(englishContract({ ...TERMS, payDays: 60 }));
    expect(corruptReview!.status).toBe('FAILED');
    expect(corruptReview!.error!.code).toBe('BAD_USER_INPUT');
    expect(corruptReview!.error!.message).toMatch(/^broken\.pdf is not a readable PDF/);
    expect(rows[2]!.text).toBe('');
  });

  const refusals: [string, () => Promise<File>, string, RegExp][] = [
    [
      'an encrypted PDF',
      async () => new File([Buffer.from(makeEncryptedPdf(englishContract(TERMS)))], 'locked.pdf'),
      'ENCRYPTED_FILE',
      /^locked\.pdf is an encrypted PDF that needs a password/,
    ],
    [
      'a PDF with no text layer',
      async () => new File([Buffer.from(await makeImageOnlyPdf())], 'scan.pdf'),
      'NO_TEXT_LAYER',
      /^scan\.pdf has no text layer \(a scanned or image-only PDF\)/,
    ],
    [
      'a corrupt PDF',
      async () => new File([Buffer.from(await makeCorruptPdf())], 'broken.pdf'),
      'CORRUPT_FILE',
      /^broken\.pdf is not a readable PDF/,
    ],
    [
      'an unknown type',
      async () => new File([Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'photo.png', { type: 'image/png' }),
      'UNSUPPORTED_FILE_TYPE',
      /^photo\.png has an unsupported type \(image\/png, \.png\); upload PDF, DOCX, TXT or Markdown\.$/,
    ],
    [
      'a file over SUANNI_REVIEW_MAX_FILE_BYTES',
      async () => new File(['a'.repeat(150_001)], 'long.txt', { type: 'text/plain' }),
      'FILE_TOO_LARGE',
      /^long\.txt is 150001 bytes; the limit is 150000 bytes \(SUANNI_REVIEW_MAX_FILE_BYTES\)\.$/,
    ],
  ];
  it.each(refusals)('refuses %s with BAD_USER_INPUT naming the problem, storing nothing', async (_name, make, reason, message) => {
    const before = await reviewRows();
    const response = await upload(await make());
    expect(response.data?.submitReview ?? null).toBeNull();
    expect(response.errors).toHaveLength(1);
    expect(response.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason, field: 'input.file' });
    expect(response.errors![0]!.message).toMatch(message);
    expect(await reviewRows()).toBe(before);
  });

  it('requires exactly one of text and file, and a File variable to be an upload', async () => {
    const before = await reviewRows();
    const both = await upload(new File(['x'], 'a.txt'), { text: 'Payment within 30 days.' });
    expect(both.errors![0]).toMatchObject({
      message: 'Send exactly one of text or file.',
      extensions: { code: 'BAD_USER_INPUT', field: 'input' },
    });
    const neither = await app.gql(SUBMIT, { input: base }, { token: alice });
    expect(neither.errors![0]).toMatchObject({ message: 'Send exactly one of text or file.', extensions: { code: 'BAD_USER_INPUT' } });
    const notUpload = await app.gql(SUBMIT, { input: { ...base, file: 'contract.pdf' } }, { token: alice });
    expect(notUpload.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(notUpload.errors![0]!.message).toContain('must be a multipart upload');
    expect(await reviewRows()).toBe(before);
  });

  it('keeps CSRF prevention and the body limit for multipart requests', async () => {
    const before = await reviewRows();
    // A multipart POST is a "simple" request a browser sends cross-site without a preflight.
    const withoutHeader = await upload(new File([englishContract(TERMS)], 'c.txt'), {}, { csrfHeader: false });
    expect(withoutHeader.status).toBe(403);
    expect(withoutHeader.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'CSRF' });
    const oversized = await upload(new File(['a'.repeat(210_000)], 'huge.txt'));
    expect(oversized.status).toBe(413);
    expect(oversized.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'MAX_BODY_SIZE' });
    expect(await reviewRows()).toBe(before);
  });
});
