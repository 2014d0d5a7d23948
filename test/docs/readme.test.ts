import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withConfigTable } from '../../apps/majordomo/commands/config.js';
import { ROOT } from '../support/cli.js';

describe('README', () => {
  it('documents every environment variable the code reads (run `npm run docs` after changing one)', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toBe(withConfigTable(readme));
  });

  it('gives the two commands of a newcomer', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });
});
