import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSections } from '../../apps/majordomo/plugins.js';
import { describeEnv, loadConfig } from '../../core/config/load.js';

/**
 * Docker does not run where the tests run: these read the compose file, the Dockerfile and
 * the README, and check that they agree with each other and with the configuration schema.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const INFRA = join(ROOT, 'infra');
const read = (path: string): string => readFileSync(path, 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  deploy?: { replicas?: number };
  container_name?: string;
  stop_grace_period?: string;
}
// Compose resolves YAML merge keys (`<<: *majordomo`), as `merge` does here.
const compose = parse(read(join(INFRA, 'docker-compose.yml')), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const { services } = compose;
const majordomo = Object.entries(services).filter(([, s]) => s.image === 'majordomo:local');

/** What compose would put in the variable: the default of `${X:-default}`, a stand-in for `${X:?error}`. */
function interpolate(value: string): string {
  return String(value)
    .replace(/\$\{(\w+):-([^}]*)\}/g, (_m, _name: string, fallback: string) => fallback)
    .replace(/\$\{(\w+):\?[^}]*\}/g, (_m, name: string) => `${name.toLowerCase()}-0123456789abcdef`);
}

/** The README's "Run distributed" section. */
function readmeSection(): string {
  const readme = read(join(ROOT, 'README.md'));
  const start = readme.indexOf('## Run distributed');
  expect(start).toBeGreaterThan(-1);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

describe('infra/docker-compose.yml', () => {
  it('has Redis with AOF, Qdrant, Mosquitto, the gateway and scalable workers', () => {
    expect(Object.keys(services).sort()).toEqual(['gateway', 'mosquitto', 'qdrant', 'redis', 'worker']);
    const redis = services['redis']!;
    expect(redis.image).toMatch(/^redis:7/);
    expect(redis.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    expect(redis.command![redis.command!.indexOf('--appendonly') + 1]).toBe('yes');
    expect(redis.volumes).toContain('redis-data:/data');
    expect(services['qdrant']!.image).toMatch(/^qdrant\/qdrant:/);
    expect(services['mosquitto']!.image).toMatch(/^eclipse-mosquitto:2/);
    for (const volume of services['mosquitto']!.volumes!) {
      const source = volume.split(':')[0]!;
      if (source.startsWith('.')) expect(existsSync(join(INFRA, source)), source).toBe(true);
    }
    for (const [name, service] of Object.entries(services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (!source.startsWith('.')) expect(Object.keys(compose.volumes), `${name}: ${volume}`).toContain(source);
      }
    }
  });

  it('runs `majordomo start` as the gateway and `majordomo worker` as the workers, from the Dockerfile', () => {
    expect(majordomo.map(([name]) => name).sort()).toEqual(['gateway', 'worker']);
    expect(services['gateway']!.command).toEqual(['start']);
    expect(services['worker']!.command).toEqual(['worker']);
    for (const [name, service] of majordomo) {
      expect(service.build, name).toEqual({ context: '..', dockerfile: 'infra/Dockerfile' });
      expect(existsSync(join(INFRA, service.build!.context, service.build!.dockerfile))).toBe(true);
      expect(service.stop_grace_period, name).toBeDefined();
    }
    // --scale needs workers without a fixed name or host port.
    const worker = services['worker']!;
    expect(worker.container_name).toBeUndefined();
    expect(worker.ports).toBeUndefined();
    expect(worker.deploy?.replicas).toBeGreaterThanOrEqual(1);
    expect(services['gateway']!.ports).toEqual(['127.0.0.1:8787:8787']);
  });

  it('sets only variables the configuration declares, with values it accepts', () => {
    const declared = new Set(describeEnv(envSections()).map((d) => d.variable));
    for (const [name, service] of majordomo) {
      const environment = Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(v)]));
      for (const variable of Object.keys(environment)) expect(declared.has(variable), `${name} sets ${variable}, which nothing declares`).toBe(true);
      const config = loadConfig(environment, envSections());
      expect(config.unknown).toEqual([]);
      expect(config.core.REDIS_URL, name).toBeDefined();
      // Redis is reached by its service name on the compose network.
      expect(services[new URL(config.core.REDIS_URL!).hostname]?.image, name).toMatch(/^redis:/);
      expect(config.core.MAJORDOMO_CONSOLE).toBe(false);
    }
    const gateway = loadConfig(Object.fromEntries(Object.entries(services['gateway']!.environment!).map(([k, v]) => [k, interpolate(v)])), envSections());
    expect(gateway.core).toMatchObject({ MAJORDOMO_HTTP_HOST: '0.0.0.0', MAJORDOMO_HTTP_PORT: 8787, MAJORDOMO_DATA_DIR: '/data' });
    expect(gateway.core.MAJORDOMO_API_TOKEN).toBeDefined();
    expect(gateway.core.MAJORDOMO_RATE_LIMIT).toBeGreaterThan(0);
  });
});

describe('infra/Dockerfile', () => {
  const dockerfile = read(join(INFRA, 'Dockerfile'));
  const lines = dockerfile.split('\n').filter((l) => !l.trim().startsWith('#'));

  it('builds on Node 20 with npm ci and runs as a user that is not root', () => {
    const from = lines.filter((l) => l.startsWith('FROM '));
    expect(from.length).toBeGreaterThan(0);
    for (const l of from) expect(l).toMatch(/^FROM node:20[-.\w]*( AS \w+)?$/);
    expect(lines.some((l) => /RUN npm ci\b/.test(l))).toBe(true);
    const users = lines.filter((l) => l.startsWith('USER '));
    expect(users.at(-1)).toBeDefined();
    expect(users.at(-1)).not.toMatch(/USER (root|0)\b/);
    expect(lines.find((l) => l.startsWith('ENTRYPOINT'))).toBe('ENTRYPOINT ["node", "bin/majordomo.js"]');
  });

  it('leaves out of the image what must not be in it', () => {
    const ignored = read(join(ROOT, '.dockerignore')).split('\n').map((l) => l.trim());
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', '.env', 'data', '.git']));
  });
});

describe('README "Run distributed"', () => {
  it('documents the services, the commands and the compose file as they are', () => {
    const section = readmeSection();
    for (const name of Object.keys(services)) expect(section, name).toContain(`| \`${name}\` |`);
    expect(section).toContain('| `gateway` | `majordomo start`');
    expect(section).toContain('| `worker` | `majordomo worker`');
    const commands = section.split('\n').filter((l) => l.startsWith('docker compose '));
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      const file = /-f (\S+)/.exec(command)?.[1];
      expect(file, command).toBe('infra/docker-compose.yml');
      const scaled = /--scale (\w+)=/.exec(command)?.[1];
      if (scaled !== undefined) expect(Object.keys(services)).toContain(scaled);
    }
    expect(section).toMatch(/--scale worker=\d/);
    expect(section).toContain('REDIS_URL');
  });
});
