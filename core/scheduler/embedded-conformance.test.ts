import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openSqliteStore } from '../store/sqlite/sqlite-store.js';
import { schedulerConformance, type OpenedScheduler } from './conformance.js';
import { createEmbeddedScheduler } from './embedded.js';

const dir = mkdtempSync(join(tmpdir(), 'mj-scheduler-conformance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

schedulerConformance('embedded (SQLite file)', {
  shared: false,
  async space() {
    const path = join(dir, `${randomUUID()}.db`);
    const open: OpenedScheduler[] = [];
    return {
      async open(options = {}) {
        const store = openSqliteStore({ path });
        const scheduler = createEmbeddedScheduler({ store: store.scheduled, ...options });
        let closed = false;
        const opened: OpenedScheduler = {
          scheduler,
          async close() {
            if (closed) return;
            closed = true;
            await scheduler.stop();
            await store.close();
          },
        };
        open.push(opened);
        return opened;
      },
      async dispose() {
        await Promise.all(open.splice(0).map((o) => o.close()));
      },
    };
  },
});
