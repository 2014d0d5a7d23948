import { z } from 'zod';
import type { GeoPlace } from '../util/sun.js';
import { envBool, envEmail, envEnum, envInt, envList, envNumber, envOptional, envOptionalNumber, envString, envTimeZone, envUrl } from './env.js';

function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The variables the core reads. Plugins declare their own next to their code. */
export const coreEnv = z.object({
  MAJORDOMO_DATA_DIR: envString('Directory for the database, the outbox and other files written at run time', './data'),
  MAJORDOMO_TIMEZONE: envTimeZone('Time zone for reading and writing times ("tomorrow at 8")', systemTimeZone(), 'the system\'s'),
  MAJORDOMO_LATITUDE: envOptionalNumber('Where the home is, degrees north (south negative), with MAJORDOMO_LONGITUDE: "at sunset", "an hour before dawn", "when it gets dark" are then done at that time there, and "when is sunset" is answered; unset, a clock time is asked for', { min: -90, max: 90 }),
  MAJORDOMO_LONGITUDE: envOptionalNumber('Where the home is, degrees east (west negative), with MAJORDOMO_LATITUDE', { min: -180, max: 180 }),
  MAJORDOMO_OWNER_EMAIL: envEmail('Email address of the owner: "email me" from a channel without an address goes here'),
  MAJORDOMO_HTTP_PORT: envInt('Port of the HTTP API (and dashboard)', 8787, { min: 0, max: 65535 }),
  MAJORDOMO_HTTP_HOST: envString('Address the HTTP API binds to; keep 127.0.0.1 unless a proxy with TLS is in front', '127.0.0.1'),
  MAJORDOMO_API_TOKEN: envOptional('Bearer token of the HTTP API; the HTTP API is off without it', { secret: true }),
  MAJORDOMO_CONSOLE: envBool('Read requests from the terminal (`majordomo start`)', true),
  MAJORDOMO_LOG_LEVEL: envEnum('Log level', ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'], 'info'),
  MAJORDOMO_LOG_FILE: envString('Log file, relative to the data dir; "-" logs to stderr', 'majordomo.log'),
  MAJORDOMO_CONCURRENCY: envInt('Groups of actions run at the same time (by each process that runs agents)', 4, { min: 1, max: 256 }),
  REDIS_URL: envUrl('Redis for distributed mode: groups go on BullMQ queues and `majordomo worker` processes run them; unset, everything runs in this process', ['redis', 'rediss'], undefined, { secret: true }),
  MAJORDOMO_QUEUE_PREFIX: envString('With REDIS_URL: prefix of every queue and key in Redis (groups, reports, reminders, plugin state, rate counts); assistants sharing a Redis need different ones', 'majordomo'),
  MAJORDOMO_LOCAL_WORKER: envBool('With REDIS_URL: `majordomo start` runs agents too, besides the `majordomo worker` processes', true),
  MAJORDOMO_QUEUE_LOCK_MS: envInt('With REDIS_URL: how long a worker holds a group between lock renewals; a dead worker\'s group goes to another one once this expired', 30_000, { min: 500, max: 3_600_000 }),
  MAJORDOMO_QUEUE_STALL_CHECK_MS: envInt('With REDIS_URL: how often workers look for groups whose worker died', 15_000, { min: 200, max: 3_600_000 }),
  MAJORDOMO_QUEUE_MAX_STALLS: envInt('With REDIS_URL: times a group may lose its worker before it is reported as broken', 50, { min: 1, max: 100_000 }),
  MAJORDOMO_MAX_RETRIES: envInt('Attempts of a required action after its first failure, before asking the requester', 3, { min: 0, max: 20 }),
  MAJORDOMO_RETRY_BASE_MS: envInt('First retry delay; each next one doubles', 500, { min: 0, max: 600_000 }),
  MAJORDOMO_ACTION_TIMEOUT_MS: envInt('Longest a method may run when it does not set its own limit', 30_000, { min: 100, max: 86_400_000 }),
  MAJORDOMO_CONFIDENCE: envNumber('Decisions less certain than this are confirmed with the requester first (0..1)', 0.5, { min: 0, max: 1 }),
  MAJORDOMO_CONFIRM_OUTSIDE: envBool('Ask before anything that reaches someone other than the requester (emails to others, items given away)', true),
  MAJORDOMO_CONFIRM: envList('Targets that always need a yes first, e.g. lights.toggle_lights_in_location'),
  MAJORDOMO_MAX_REDISPATCH: envInt('Times the supervisor re-runs a group that broke, with new instructions', 2, { min: 0, max: 10 }),
  MAJORDOMO_QUESTION_TTL_HOURS: envNumber('Hours a question waits for an answer before its group ends', 72, { min: 0.01, max: 8760 }),
  MAJORDOMO_MAX_MESSAGE_CHARS: envInt('Longest request accepted, in characters', 4000, { min: 100, max: 1_000_000 }),
  MAJORDOMO_RATE_LIMIT: envInt('New requests one requester may make per minute, on average; 0 = no limit (answers to questions are never limited)', 0, { min: 0, max: 1_000_000 }),
  MAJORDOMO_RATE_BURST: envInt('New requests one requester may make at once before MAJORDOMO_RATE_LIMIT applies', 10, { min: 1, max: 1_000_000 }),
  MAJORDOMO_MAX_QUEUED: envInt('Groups of actions queued or running, in all, beyond which new requests are turned away with a reply; 0 = no bound', 10_000, { min: 0, max: 100_000_000 }),
}).superRefine((env, ctx) => {
  if ((env.MAJORDOMO_LATITUDE === undefined) !== (env.MAJORDOMO_LONGITUDE === undefined)) {
    ctx.addIssue({ code: 'custom', path: [env.MAJORDOMO_LATITUDE === undefined ? 'MAJORDOMO_LATITUDE' : 'MAJORDOMO_LONGITUDE'], message: "the home's place needs both its latitude and its longitude" });
  }
});

export type CoreEnv = z.output<typeof coreEnv>;

/** Where the home is, when the configuration says (both coordinates, or neither: see the check at load). */
export function homePlace(core: Pick<CoreEnv, 'MAJORDOMO_LATITUDE' | 'MAJORDOMO_LONGITUDE'>): GeoPlace | undefined {
  return core.MAJORDOMO_LATITUDE !== undefined && core.MAJORDOMO_LONGITUDE !== undefined ? { latitude: core.MAJORDOMO_LATITUDE, longitude: core.MAJORDOMO_LONGITUDE } : undefined;
}
