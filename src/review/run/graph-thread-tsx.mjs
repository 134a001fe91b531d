// Entry of a review graph thread when the app runs from TypeScript sources (tsx: `npm start`,
// tests): Node 20 applies a worker's `--import tsx` too late for its entry module, so the thread
// registers tsx itself, then loads the thread's module.
import { tsImport } from 'tsx/esm/api';

await tsImport('./graph-thread.ts', import.meta.url);
