import type { GroupCheckpoint } from '../agent/checkpoint.js';
import { openSqliteStore } from '../store/sqlite/sqlite-store.js';
import { silentLogger } from '../util/logger.js';
import { dispatcherConformance } from './conformance.js';
import { createInProcessDispatcher } from './in-process.js';

dispatcherConformance(
  'in-process',
  async () => {
    const store = openSqliteStore({ path: ':memory:' });
    return {
      create: (concurrency) => createInProcessDispatcher({ store, concurrency, logger: silentLogger }),
      async seed(cp: GroupCheckpoint) {
        const at = new Date().toISOString();
        await store.createRequest({ id: cp.requestId, text: 't', requester: cp.requester, status: 'running', plan: { groups: [] }, brain: 'test', createdAt: at, updatedAt: at }, [cp]);
      },
      dispose: () => store.close(),
    };
  },
  { distributed: false },
);
