import { userInfo } from 'node:os';
import { createInterface, type Interface } from 'node:readline';
import { z } from 'zod';
import type { ChannelContext, ChannelPlugin, PluginModule } from '../../core/plugin/plugin.js';
import { meansRequester, sendMessageMethod } from '../../core/plugin/send-message.js';
import type { Address, MessageOutcome, OutboundMessage } from '../../core/types.js';
import { consoleHints } from './hints.js';

/** The one person at the terminal. */
export const CONSOLE_USER = 'local';
export const CONSOLE_CONVERSATION = 'console';

export interface ConsoleOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Show a prompt and colours (a terminal), or plain lines (a pipe). */
  interactive: boolean;
  /** Called when the input ends (Ctrl-D, end of a pipe). */
  onEnd?: () => void;
}

/** The terminal channel; it prints from the start, and reads once told to {@link listen}. */
export interface ConsoleChannel extends ChannelPlugin {
  /** Hands a line to the gateway as if it had been typed. */
  submit(text: string): Promise<MessageOutcome>;
  /**
   * Starts reading requests from the input. Separate from `start`, so that the welcome and the
   * prompt come after whatever the process says about itself at start-up.
   */
  listen(): void;
}

const MARK: Record<OutboundMessage['kind'], string> = {
  ack: '·',
  progress: ' ',
  question: '?',
  reply: '»',
  notification: '⏰',
  error: '!',
};

let user: string | undefined;

/** The name of who runs the process (read once: it does not change while it runs). */
function userName(): string {
  if (user === undefined) {
    try {
      user = userInfo().username;
    } catch {
      user = 'you';
    }
  }
  return user;
}

/**
 * The terminal: type requests, see progress as actions complete, answer questions, read the
 * reply. The person at the terminal is the owner and may command the assistant.
 */
export function createConsole(options: ConsoleOptions): ConsoleChannel {
  let rl: Interface | undefined;
  let ctx: ChannelContext | undefined;
  const out = options.output;

  function print(text: string): void {
    if (rl && options.interactive) {
      // Keep what the person is typing: clear the prompt line, print, draw the prompt again.
      out.write('\r\x1b[K');
      out.write(`${text}\n`);
      rl.prompt(true);
    } else {
      out.write(`${text}\n`);
    }
  }

  function render(message: OutboundMessage): string {
    const mark = MARK[message.kind];
    const lines = message.text.split('\n');
    const body = lines.map((line, i) => (i === 0 ? `${mark} ${line}` : `  ${line}`)).join('\n');
    if (message.kind === 'question' && message.question?.choices?.length) return `${body}\n  (answer here: ${message.question.choices.join(' / ')}, or anything else)`;
    return body;
  }

  async function submit(text: string): Promise<MessageOutcome> {
    if (!ctx) throw new Error('the console channel is not started');
    const outcome = await ctx.onMessage({
      channel: 'console',
      conversationId: CONSOLE_CONVERSATION,
      sender: { id: CONSOLE_USER, name: userName() },
      text,
      receivedAt: new Date(),
    });
    if (outcome.kind === 'rejected' && outcome.code !== 'MJ_ERR_INVALID_INPUT') print(`! ${outcome.reason}`);
    return outcome;
  }

  return {
    kind: 'channel',
    name: 'console',
    description: 'The terminal the assistant was started from',
    configured: true,
    allows: (sender) => sender.id === CONSOLE_USER,
    listening: () => rl !== undefined,
    ephemeral: true,
    submit,
    async start(context) {
      ctx = context;
    },
    listen() {
      if (!ctx) throw new Error('the console channel is not started');
      if (rl) return;
      rl = createInterface({ input: options.input, output: options.interactive ? out : undefined, terminal: options.interactive });
      rl.setPrompt('> ');
      if (options.interactive) {
        out.write('Majordomo is listening. Type a request (or "help"); Ctrl-D to quit.\n');
        rl.prompt();
      }
      // One line at a time, in order: an answer must not overtake the request it answers.
      let chain = Promise.resolve();
      rl.on('line', (line) => {
        chain = chain.then(async () => {
          const text = line.trim();
          if (text === '') {
            if (options.interactive) rl?.prompt();
            return;
          }
          const outcome = await submit(text).catch((error: unknown) => {
            print(`! ${error instanceof Error ? error.message : String(error)}`);
          });
          // The assistant said what it can do; how the terminal works is the terminal's to say.
          if (outcome?.kind === 'replied') print('Answer questions by typing here. Ctrl-D quits.');
        });
      });
      rl.on('close', () => {
        rl = undefined;
        void chain.then(() => options.onEnd?.());
      });
    },
    async stop() {
      rl?.close();
      rl = undefined;
    },
    async send(_to: Address, message: OutboundMessage) {
      print(render(message));
      return {};
    },
    methods: {
      send_message: sendMessageMethod({
        channel: 'console',
        description: 'Print a message on the terminal',
        hints: consoleHints,
        isOther: (to) => !meansRequester(to),
        async deliver(args) {
          print(`✉ ${args.text}`);
          return { ok: true, summary: 'Printed the message on the terminal.', data: { text: args.text } };
        },
      }),
    },
  };
}

const env = z.object({});

export const consoleModule: PluginModule<typeof env> = {
  name: 'console',
  env,
  create: () =>
    createConsole({ input: process.stdin, output: process.stdout, interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY) }),
};
