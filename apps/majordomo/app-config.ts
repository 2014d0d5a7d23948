import { resolve } from 'node:path';
import { loadConfig, withDotenv, type Config } from '../../core/config/load.js';
import { envSections } from './plugins.js';

/**
 * The configuration of this process: the environment, over an optional `.env` in the
 * working directory, validated against the core's and every plugin's variables.
 */
export function loadAppConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  return loadConfig(withDotenv(env, resolve(cwd, '.env')), envSections());
}
