import { PassThrough } from 'node:stream';
import { createConsole } from '../../channels/console/index.js';
import type { Brain } from '../../core/brain/brain.js';
import type { HttpChannel } from '../../channels/http/index.js';
import { loadConfig } from '../../core/config/load.js';
import type { RequestStatus } from '../../core/events.js';
import { createAssistant, type Assistant } from '../../apps/majordomo/assistant.js';
import { envSections } from '../../apps/majordomo/plugins.js';
import { tempDir } from './cli.js';

export interface TestAssistant extends Assistant {
  /** What the terminal channel printed. */
  terminal(): string;
  /** Types a line at the terminal. */
  type(text: string): ReturnType<ReturnType<typeof createConsole>['submit']>;
  http: HttpChannel | undefined;
  /** Resolves with the status once the request has finished. */
  finished(requestId: string, timeoutMs?: number): Promise<RequestStatus>;
  /** Resolves once the terminal output matches. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  dispose(): Promise<void>;
}

/** A whole assistant in this process, on a fresh data directory, with a terminal tests can type at. */
export async function startTestAssistant(env: Record<string, string> = {}, dataDir?: string, options: { brain?: Brain; clock?: () => Date } = {}): Promise<TestAssistant> {
  const dir = dataDir ? undefined : await tempDir();
  const config = loadConfig(
    { MAJORDOMO_DATA_DIR: dataDir ?? dir!.path, MAJORDOMO_TIMEZONE: 'UTC', MAJORDOMO_LOG_LEVEL: 'warn', MAJORDOMO_RETRY_BASE_MS: '10', ...env },
    envSections(),
  );
  let printed = '';
  const listeners: Array<() => void> = [];
  const output = new PassThrough();
  output.setEncoding('utf8').on('data', (d: string) => {
    printed += d;
    for (const l of listeners.slice()) l();
  });
  const terminal = createConsole({ input: new PassThrough(), output, interactive: false });
  const assistant = await createAssistant(config, { overrides: { console: terminal }, ...options });
  await assistant.engine.start();
  const done = new Map<string, RequestStatus>();
  assistant.engine.events.on('request.finished', (e) => {
    done.set(e.requestId, e.status);
    for (const l of listeners.slice()) l();
  });
  function until<T>(check: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const listener = () => {
        const value = check();
        if (value !== undefined) {
          listeners.splice(listeners.indexOf(listener), 1);
          clearTimeout(timer);
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        listeners.splice(listeners.indexOf(listener), 1);
        reject(new Error(`timed out waiting for ${what}; the terminal showed:\n${printed}`));
      }, timeoutMs);
      listeners.push(listener);
      listener();
    });
  }
  return {
    ...assistant,
    http: assistant.registry.channel('http') as HttpChannel | undefined,
    terminal: () => printed,
    type: (text) => terminal.submit(text),
    finished: (requestId, timeoutMs = 15_000) => until(() => done.get(requestId), `request ${requestId} to finish`, timeoutMs),
    waitForOutput: (pattern, timeoutMs = 15_000) => until(() => (pattern.test(printed) ? true : undefined), String(pattern), timeoutMs).then(() => undefined),
    async dispose() {
      await assistant.close();
      await dir?.cleanup();
    },
  };
}

/** Sends requests at the terminal of `a`; with `status`, waits for each to end so and fails otherwise. Resolves with the request's id. */
export function sayer(a: TestAssistant): (text: string, status?: RequestStatus, timeoutMs?: number) => Promise<string> {
  return async (text, status, timeoutMs) => {
    const outcome = await a.type(text);
    if (outcome.kind !== 'request') throw new Error(`not a request: ${text} (${JSON.stringify(outcome)})`);
    if (status) {
      const ended = await a.finished(outcome.requestId, timeoutMs);
      if (ended !== status) throw new Error(`"${text}" ended ${ended}, not ${status}`);
    }
    return outcome.requestId;
  };
}

/** Resolves once an action of the assistant whose text says `what` has started. */
export function actionStarted(a: TestAssistant, what: string): Promise<void> {
  return new Promise((resolve) => {
    const off = a.engine.events.on('agent', (e) => {
      if (e.type !== 'action.started' || !e.text.includes(what)) return;
      off();
      resolve();
    });
  });
}
