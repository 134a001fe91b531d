#!/usr/bin/env node
// The `suanni` command (package.json "bin"): runs the TypeScript sources through tsx, as `npm start` does.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
