// Entry of an extraction process when the app runs from TypeScript sources (tsx: `npm start`,
// tests). The readers load first, without tsx: through tsx, pdf.js alone costs 160 MB more of
// every process. Then tsx is registered for the project's own modules, and the process starts.
await import('pdfjs-dist/legacy/build/pdf.mjs');
// pdf.js loads its worker module on the first document (in Node, on this thread): loaded here, without tsx.
await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
await import('mammoth');
const { register } = await import('tsx/esm/api');
register();
await import('./extraction-process.ts');
