import type { HttpChannel } from '../../channels/http/index.js';
import type { Config } from '../../core/config/load.js';
import type { Engine } from '../../core/engine.js';
import type { Logger } from '../../core/util/logger.js';
import { dashboardEnv, type DashboardEnv } from './env.js';
import { createDashboard } from './index.js';

/** Whether this configuration serves the dashboard (it needs the HTTP API, so the token). */
export function dashboardServed(config: Config): boolean {
  const settings = (config.sections['dashboard'] as DashboardEnv | undefined) ?? dashboardEnv.parse({});
  return settings.MAJORDOMO_DASHBOARD && config.core.MAJORDOMO_API_TOKEN !== undefined;
}

function isHttpChannel(channel: unknown): channel is HttpChannel {
  return typeof (channel as Partial<HttpChannel> | undefined)?.mount === 'function';
}

/**
 * Puts the dashboard on the HTTP channel's server, before the engine starts it. Nothing
 * happens when the HTTP API is off (no token) or the dashboard is turned off.
 */
export function mountDashboard(engine: Engine, config: Config, logger: Logger): boolean {
  const settings = (config.sections['dashboard'] as DashboardEnv | undefined) ?? dashboardEnv.parse({});
  const http = engine.registry.channel('http');
  const token = config.core.MAJORDOMO_API_TOKEN;
  if (!dashboardServed(config) || !token || !isHttpChannel(http) || !http.configured) return false;
  http.mount(
    createDashboard({
      api: engine.api,
      events: engine.events,
      dispatcher: engine.dispatcher,
      token,
      timeZone: config.core.MAJORDOMO_TIMEZONE,
      sessionTtlMs: settings.MAJORDOMO_DASHBOARD_SESSION_HOURS * 3_600_000,
      logger,
    }),
  );
  return true;
}
