import { readFile, writeFile } from 'node:fs/promises';
import { describeEnv } from '../../../core/config/load.js';
import { loadAppConfig } from '../app-config.js';
import { envSections } from '../plugins.js';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The configuration table of the README, generated from the schemas so it cannot drift. */
export function configMarkdown(): string {
  const rows = describeEnv(envSections());
  const lines = ['| Variable | Default | What it does |', '| --- | --- | --- |'];
  for (const r of rows) lines.push(`| \`${r.variable}\` | ${r.default === undefined ? '' : `\`${cell(r.default)}\``} | ${cell(r.description)}${r.secret ? ' (secret)' : ''} |`);
  return lines.join('\n');
}

const START = '<!-- config-table:start -->';
const END = '<!-- config-table:end -->';

/** A README with its configuration table (between the markers) regenerated. */
export function withConfigTable(readme: string): string {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`the README has no ${START} … ${END} markers`);
  return `${readme.slice(0, from + START.length)}\n${configMarkdown()}\n${readme.slice(to)}`;
}

export async function showConfig(markdown: boolean, readme?: string): Promise<number> {
  if (readme !== undefined) {
    await writeFile(readme, withConfigTable(await readFile(readme, 'utf8')));
    return 0;
  }
  if (markdown) {
    process.stdout.write(`${configMarkdown()}\n`);
    return 0;
  }
  const config = loadAppConfig();
  const rows = describeEnv(envSections());
  const values: Record<string, unknown> = { ...config.core };
  for (const section of Object.values(config.sections)) Object.assign(values, section);
  for (const r of rows) {
    const value = values[r.variable];
    const shown = value === undefined ? '(not set)' : r.secret ? '(set, hidden)' : Array.isArray(value) ? value.join(',') : String(value);
    process.stdout.write(`${r.variable}=${shown}\n`);
  }
  for (const name of config.unknown) process.stdout.write(`# ${name} is set but nothing reads it: a typo?\n`);
  return 0;
}
