// An extraction process (see extractor.ts): reads the PDF and DOCX files of the gateway that
// started it, one at a time. It holds nothing else, so killing it after a hostile file (past its
// deadline or its memory) gives every byte back and costs no other user anything.
import { AppError } from '../../platform/errors.js';
import { extractBytes } from './extract.js';
import type { FromExtractionProcess, ToExtractionProcess } from './extractor.js';

const send = process.send?.bind(process);
if (!send) throw new Error('extraction-process.ts runs as a child process of DocumentExtractor');

// The readers load once, before the first file: a file's deadline measures reading, not start-up.
// pdf.js loads its worker module with the first document (in Node, on this thread): loaded here too.
const PDF_WORKER: string = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import(PDF_WORKER), import('mammoth')]);

const reply = (message: FromExtractionProcess) => send(message);

process.on('message', (message: ToExtractionProcess) => {
  void (async () => {
    try {
      const document = await extractBytes(message.name, message.type, message.bytes, message.limits);
      reply({ id: message.id, ok: true, document });
    } catch (error) {
      if (error instanceof AppError) reply({ id: message.id, ok: false, code: error.code, message: error.message, details: error.details });
      else reply({ id: message.id, ok: false, code: 'INTERNAL', message: (error as Error)?.message ?? String(error), details: {} });
    }
  })();
});
// The gateway is gone (stopped, or killed): nothing is left to read for.
process.on('disconnect', () => process.exit(0));
reply({ ready: true });
