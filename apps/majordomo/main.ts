import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, MajordomoError } from '../../core/errors.js';
import { parseIsoWithOffset } from '../../core/util/time.js';
import { envTimeZone } from '../../core/config/env.js';
import { loadAppConfig } from './app-config.js';
import { buildRegistry } from './plugins.js';
import { createBrain } from './brains.js';
import { planJsonLines, planText, renderPlan, type PlanOptions } from './commands/plan.js';

const USAGE = `Majordomo: a self-hosted assistant for the home and the game.

usage: majordomo <command> [options]

commands:
  start                 run the assistant with every configured channel
  plan [TEXT]           print what the assistant would do, without doing it
      --json            the plan as JSON
      --jsonl           read {"id","text"} lines from stdin, write {"id","groups"} lines
      --now ISO         plan as if it were this time (ISO-8601 with offset)
      --tz ZONE         plan in this time zone (IANA name)
      --channel NAME    plan as if the request came from this channel (default console)
  run [--json] TEXT     do it now: show progress, print the report
  worker                with REDIS_URL: run agents for the groups queued on Redis
      --concurrency N   groups at a time (default MAJORDOMO_CONCURRENCY)
  config [--markdown]   show the configuration (secrets masked), or its documentation table
  memory list           long-term memories, newest first (--kind lesson|place|perception|fact, --limit N, --json)
  memory search TEXT    the memories that best match TEXT, with their scores (--kind, --limit, --json)
  memory delete ID...   forget memories by id
  help                  this text

Configuration comes from environment variables and an optional .env file; see README.md.`;

interface Command {
  options: NonNullable<ParseArgsConfig['options']>;
  run(values: Record<string, string | boolean | undefined>, positionals: string[]): Promise<number>;
}

function fail(message: string, hint?: string): never {
  throw new MajordomoError('MJ_ERR_USAGE', message, hint === undefined ? {} : { hint });
}

async function planCommand(values: Record<string, string | boolean | undefined>, positionals: string[]): Promise<number> {
  const config = loadAppConfig();
  let now = new Date();
  if (typeof values['now'] === 'string') {
    const parsed = parseIsoWithOffset(values['now']);
    if (!parsed) fail(`--now "${values['now']}" is not an ISO-8601 time with an offset`, 'use e.g. 2026-11-21T10:00:00Z');
    now = parsed;
  }
  let timeZone = config.core.MAJORDOMO_TIMEZONE;
  if (typeof values['tz'] === 'string') {
    const parsed = envTimeZone('--tz', 'UTC').safeParse(values['tz']);
    if (!parsed.success) fail(`--tz "${values['tz']}" is not a time zone`, 'use an IANA name such as Europe/Paris or UTC');
    timeZone = parsed.data;
  }
  const registry = buildRegistry(config);
  const options: PlanOptions = {
    now,
    timeZone,
    channel: typeof values['channel'] === 'string' ? values['channel'] : 'console',
    brain: createBrain(config),
    catalog: registry.catalog(),
    maxChars: config.core.MAJORDOMO_MAX_MESSAGE_CHARS,
  };
  if (values['jsonl']) {
    const failures = await planJsonLines(process.stdin, process.stdout, options);
    return failures === 0 ? 0 : 1;
  }
  const text = positionals.join(' ');
  if (text.trim() === '') fail('plan needs the text of a request', 'e.g. majordomo plan "turn on the kitchen light"');
  const plan = await planText(text, options);
  process.stdout.write(values['json'] ? `${JSON.stringify(plan, null, 2)}\n` : `${renderPlan(plan)}\n`);
  return 0;
}

const COMMANDS: Record<string, Command> = {
  plan: {
    options: {
      json: { type: 'boolean' },
      jsonl: { type: 'boolean' },
      now: { type: 'string' },
      tz: { type: 'string' },
      channel: { type: 'string' },
    },
    run: planCommand,
  },
  start: {
    options: {},
    run: async () => (await import('./commands/start.js')).start(loadAppConfig()),
  },
  worker: {
    options: { concurrency: { type: 'string' } },
    run: async (values) => {
      const raw = values['concurrency'];
      const concurrency = typeof raw === 'string' ? Number(raw) : undefined;
      if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256)) fail(`--concurrency "${String(raw)}" is not a whole number from 1 to 256`, 'e.g. majordomo worker --concurrency 8');
      return (await import('./commands/worker.js')).worker(loadAppConfig(), concurrency === undefined ? {} : { concurrency });
    },
  },
  run: {
    options: { json: { type: 'boolean' } },
    run: async (values, positionals) => (await import('./commands/run.js')).runOnce(loadAppConfig(), positionals.join(' '), { json: values['json'] === true }),
  },
  config: {
    options: { markdown: { type: 'boolean' }, readme: { type: 'string' } },
    run: async (values) =>
      (await import('./commands/config.js')).showConfig(values['markdown'] === true, typeof values['readme'] === 'string' ? values['readme'] : undefined),
  },
  memory: {
    options: { kind: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' } },
    run: async (values, positionals) =>
      (await import('./commands/memory.js')).memoryCommand(loadAppConfig(), positionals, {
        ...(typeof values['kind'] === 'string' ? { kind: values['kind'] } : {}),
        ...(typeof values['limit'] === 'string' ? { limit: values['limit'] } : {}),
        json: values['json'] === true,
      }),
  },
  help: {
    options: {},
    run: async () => {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    },
  },
};

export async function main(argv: string[]): Promise<number> {
  const [name = 'help', ...rest] = argv;
  const command = COMMANDS[name === '--help' || name === '-h' ? 'help' : name];
  try {
    if (!command) fail(`unknown command "${name}"`, 'run "majordomo help" for the list of commands');
    let parsed;
    try {
      parsed = parseArgs({ args: rest, options: command.options, allowPositionals: true, strict: true });
    } catch (error) {
      fail((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''), `run "majordomo help" for the options of ${name}`);
    }
    return await command.run(parsed.values as Record<string, string | boolean | undefined>, parsed.positionals);
  } catch (error) {
    report(error);
    return error instanceof MajordomoError && (error.code === 'MJ_ERR_USAGE' || error instanceof ConfigError) ? 2 : 1;
  }
}

function report(error: unknown): void {
  if (error instanceof MajordomoError) {
    process.stderr.write(`majordomo: ${error.message}${error.hint ? `\n  (${error.hint})` : ''}\n`);
  } else {
    process.stderr.write(`majordomo: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
}

// A reader that stops early (`| head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await main(process.argv.slice(2));
