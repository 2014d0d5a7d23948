import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { MajordomoError } from '../../core/errors.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Makes this process the only one using a data directory: two assistants resuming the same
 * unfinished groups would run their actions twice. A lock left by a process that died is
 * taken over. Returns the release function.
 */
export async function acquireLock(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, 'majordomo.lock');
  for (let tries = 0; tries < 3; tries++) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await unlink(path).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new MajordomoError('MJ_ERR_DATA_DIR_LOCKED', `another Majordomo (pid ${pid}) is using the data directory ${dataDir}`, {
          hint: 'stop it first, or give this one its own MAJORDOMO_DATA_DIR',
        });
      }
      await unlink(path).catch(() => {});
    }
  }
  throw new MajordomoError('MJ_ERR_DATA_DIR_LOCKED', `could not lock the data directory ${dataDir}`);
}
