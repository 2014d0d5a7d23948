import { z } from 'zod';
import { envBool, envNumber } from '../../core/config/env.js';

/** The dashboard's variables; it needs the HTTP API (`MAJORDOMO_API_TOKEN`) to be on. */
export const dashboardEnv = z.object({
  MAJORDOMO_DASHBOARD: envBool('Serve the admin dashboard at /dashboard on the HTTP port, behind the API token', true),
  MAJORDOMO_DASHBOARD_SESSION_HOURS: envNumber('How long a dashboard login lasts, in hours', 12, { min: 0.01, max: 720 }),
});

export type DashboardEnv = z.output<typeof dashboardEnv>;
