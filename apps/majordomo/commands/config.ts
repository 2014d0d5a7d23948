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

export async function showConfig(markdown: boolean): Promise<number> {
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
