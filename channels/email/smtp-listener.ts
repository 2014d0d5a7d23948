import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import type { Logger } from '../../core/util/logger.js';
import type { Envelope } from './intake.js';

export interface SmtpListenerOptions {
  host: string;
  port: number;
  /** Largest mail accepted, in bytes: announced with SIZE, and a bigger one gets 552. */
  maxBytes: number;
  /** Whether mail to this address is taken (RCPT TO); others get 550. */
  accepts(address: string): boolean;
  /** Handles one mail. Resolving means it was taken (250); throwing means "try again later" (451). */
  receive(raw: Buffer, envelope: Envelope): Promise<unknown>;
  logger: Logger;
}

export interface SmtpListener {
  readonly port: number;
  close(): Promise<void>;
}

/** An SMTP error reply. smtp-server reads `responseCode` from the error it is given. */
function smtpError(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * Receives mail over SMTP, as the MX of a domain or the target of a forwarding rule. No
 * authentication (mail comes from other servers) and no relaying: only the assistant's own
 * addresses are accepted. A mail is answered 250 once the gateway has taken it, so a crash
 * before that leaves it with the sending server, which tries again.
 */
export async function startSmtpListener(options: SmtpListenerOptions): Promise<SmtpListener> {
  const { logger } = options;
  const server = new SMTPServer({
    banner: 'Majordomo',
    authOptional: true,
    // Mail comes from other servers, which do not log in; TLS is for the proxy or MX in front.
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: options.maxBytes,
    rejectOversized: true,
    logger: false,
    closeTimeout: 2_000,
    socketTimeout: 60_000,
    onRcptTo(address, _session, callback) {
      if (options.accepts(address.address)) return callback();
      callback(smtpError(550, `5.1.1 <${address.address}>: no such mailbox here`));
    },
    onData(stream: SMTPServerDataStream, session, reply) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      let answered = false;
      const callback = (error: Error | null, message?: string) => {
        if (answered) return;
        answered = true;
        reply(error, message);
      };
      stream.on('data', (chunk: Buffer) => {
        // Past the limit, nothing more is kept; the server answers 552 itself.
        if (bytes <= options.maxBytes) chunks.push(chunk);
        bytes += chunk.length;
      });
      stream.on('error', (error: Error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          logger.warn({ bytes, limit: options.maxBytes, from: session.envelope.mailFrom || undefined }, 'mail refused: larger than the limit');
          return callback(smtpError(552, `5.3.4 message too big: the limit is ${options.maxBytes} bytes`));
        }
        const mailFrom = session.envelope.mailFrom;
        const envelope: Envelope = {
          via: 'smtp',
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        options.receive(Buffer.concat(chunks), envelope).then(
          () => callback(null, 'OK: taken'),
          (error: unknown) => {
            logger.error({ err: error }, 'could not take a mail; the sender will try again');
            callback(smtpError(451, '4.3.0 temporary failure, try again later'));
          },
        );
      });
    },
  });
  server.on('error', (error: Error) => logger.warn({ err: error }, 'SMTP listener error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  logger.info({ host: options.host, port }, 'SMTP listener ready');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
