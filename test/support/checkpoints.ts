import { randomBytes } from 'node:crypto';
import type { GroupCheckpoint } from '../../core/agent/checkpoint.js';

/** A queued group of its own new request, with no actions: what a queue test moves around. */
export function bareCheckpoint(): GroupCheckpoint {
  const requestId = `r-${randomBytes(4).toString('hex')}`;
  const at = new Date().toISOString();
  return {
    version: 1,
    requestId,
    groupId: `${requestId}.g1`,
    requester: { address: { channel: 'console', conversationId: 'c', userId: 'u' } },
    requestText: 'test',
    dispatch: 0,
    position: 0,
    status: 'queued',
    actions: [],
    createdAt: at,
    updatedAt: at,
  };
}
