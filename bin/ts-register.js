// `node --import ./bin/ts-register.js file.ts` runs a TypeScript file of the project (see ts-hooks.js).
import { register } from 'node:module';
import process from 'node:process';

process.setSourceMapsEnabled(true);
register('./ts-hooks.js', import.meta.url);
