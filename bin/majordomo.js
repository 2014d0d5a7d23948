#!/usr/bin/env node
// Runs the TypeScript CLI as it is, compiled as it loads (ts-hooks.js), so there is no build step to forget.
import './ts-register.js';

await import('../apps/majordomo/main.ts');
