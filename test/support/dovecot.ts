import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

/** A real IMAP server (Dovecot) of this test's own, on a free port, with one mailbox. */
export interface Dovecot {
  port: number;
  user: string;
  pass: string;
  /** IMAP_URL for the mailbox. */
  url: string;
  /** Puts a mail into the mailbox, as a mail server delivering it would. */
  deliver(raw: Buffer | string): Promise<void>;
  /** UIDs and flags of what is in the mailbox. */
  messages(): Promise<Array<{ uid: number; seen: boolean }>>;
  log(): Promise<string>;
  stop(): Promise<void>;
}

export interface DovecotOptions {
  /** Advertise IDLE (default); without it clients must poll. */
  idle?: boolean;
}

const CANDIDATES = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'];
/** The unprivileged account Dovecot runs as when the tests run as root (it refuses root logins). */
const NOBODY = 65_534;

function dovecotBinary(): string {
  const found = [process.env['DOVECOT_BIN'], ...CANDIDATES].find((p): p is string => p !== undefined && existsSync(p));
  if (!found) throw new Error('dovecot is not installed: run "bash .ci/run" (it installs dovecot-imapd), or apt-get install dovecot-imapd');
  return found;
}

function groupName(gid: number): string {
  const out = spawnSync('getent', ['group', String(gid)], { encoding: 'utf8' }).stdout.trim();
  const name = out.split(':')[0];
  if (!name) throw new Error(`no group name for gid ${gid}: Dovecot needs one`);
  return name;
}

function userName(uid: number): string {
  if (uid === process.getuid?.()) return userInfo().username;
  const out = spawnSync('getent', ['passwd', String(uid)], { encoding: 'utf8' }).stdout.trim();
  const name = out.split(':')[0];
  if (!name) throw new Error(`no user name for uid ${uid}: Dovecot needs one`);
  return name;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once the server greets on the port; rejects when `exited` comes first or after 10 s. */
async function greeting(port: number, exited: Promise<unknown>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const until = Date.now() + 10_000;
  while (!gone && Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.setEncoding('utf8');
      socket.once('data', (d: string) => {
        socket.destroy();
        resolve(d.startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('dovecot did not start');
}

function config(dir: string, port: number, run: { uid: number; gid: number; user: string; group: string }, idle: boolean): string {
  return `# A Dovecot of a test's own: unprivileged, local, plain-text login, maildir in a temp dir.
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
login_trusted_networks = 127.0.0.0/8
default_internal_user = ${run.user}
default_internal_group = ${run.group}
default_login_user = ${run.user}
first_valid_uid = ${run.uid}
first_valid_gid = ${run.gid}
mail_location = maildir:${dir}/mail/%n
${idle ? '' : 'imap_capability = IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE LITERAL+ UIDPLUS MOVE NAMESPACE CHILDREN UNSELECT ESEARCH'}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${run.uid} gid=${run.gid} home=${dir}/home/%n
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
`;
}

/**
 * Starts Dovecot with a config file and a passwd file in a temp dir, listening on a free port
 * of 127.0.0.1. As root it runs as nobody (Dovecot will not serve mail as root); otherwise as
 * the current user.
 */
export async function startDovecot(options: DovecotOptions = {}): Promise<Dovecot> {
  const bin = dovecotBinary();
  const root = process.getuid?.() === 0;
  const uid = root ? NOBODY : process.getuid!();
  const gid = root ? NOBODY : process.getgid!();
  const run = { uid, gid, user: userName(uid), group: groupName(gid) };
  const dir = await mkdtemp(join(tmpdir(), 'majordomo-dovecot-'));
  const user = 'majordomo@example.org';
  const pass = randomBytes(12).toString('hex');
  for (const sub of ['run', 'state', 'mail', 'home']) await mkdir(join(dir, sub));
  await writeFile(join(dir, 'passwd'), `${user}:{PLAIN}${pass}::::::\n`);
  if (root) for (const path of [dir, ...(await readdir(dir)).map((f) => join(dir, f))]) await chown(path, uid, gid);

  let child: ChildProcess | undefined;
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    await writeFile(join(dir, 'dovecot.conf'), config(dir, port, run, options.idle ?? true));
    const args = ['-F', '-c', join(dir, 'dovecot.conf')];
    // A process group of its own, so that stopping it stops its workers at the same moment.
    const how = { stdio: 'ignore', detached: true } as const;
    child = root ? spawn('setpriv', [`--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', bin, ...args], how) : spawn(bin, args, how);
    const started = child;
    const exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
    try {
      await greeting(port, exited);
      break;
    } catch (error) {
      if (started.exitCode === null) process.kill(-started.pid!, 'SIGKILL');
      await exited;
      const log = await readFile(join(dir, 'dovecot.log'), 'utf8').catch(() => '');
      // Another process took the port between the probe and the bind: try another.
      if (attempt < 3 && /already in use/i.test(log)) continue;
      await rm(dir, { recursive: true, force: true });
      throw new Error(`${(error as Error).message}; its log:\n${log}`);
    }
  }
  const server = child;
  const exited = new Promise<void>((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', () => resolve())));

  async function withClient<T>(fn: (c: ImapFlow) => Promise<T>): Promise<T> {
    const c = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user, pass }, logger: false });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.logout().catch(() => c.close());
    }
  }

  return {
    port,
    user,
    pass,
    url: `imap://${encodeURIComponent(user)}:${pass}@127.0.0.1:${port}/INBOX`,
    deliver: (raw) => withClient(async (c) => void (await c.append('INBOX', raw))),
    messages: () =>
      withClient(async (c) => {
        const lock = await c.getMailboxLock('INBOX');
        try {
          const out: Array<{ uid: number; seen: boolean }> = [];
          if (c.mailbox && c.mailbox.exists > 0) for await (const m of c.fetch('1:*', { uid: true, flags: true })) out.push({ uid: m.uid, seen: m.flags?.has('\\Seen') ?? false });
          return out;
        } finally {
          lock.release();
        }
      }),
    log: () => readFile(join(dir, 'dovecot.log'), 'utf8').catch(() => ''),
    async stop() {
      if (server.exitCode === null) {
        // Its mailbox is thrown away with it: no need to wait for a clean shutdown (a second).
        process.kill(-server.pid!, 'SIGKILL');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
