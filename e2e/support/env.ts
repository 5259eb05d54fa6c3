import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The fake Kubernetes API server of the clusters journey; the server's EGRESS_ALLOW opens it. */
export const E2E_KUBE_PORT = E2E_PORT + 1;
/** The API Calls journey's local test server; the server's EGRESS_ALLOW opens it too. */
export const E2E_API_PORT = E2E_PORT + 2;
/** The assistant journey's fake OpenAI-compatible model; the server's EGRESS_ALLOW opens it. */
export const E2E_LLM_PORT = E2E_PORT + 3;
/** The monitoring journey's flipping HTTP server; the server's EGRESS_ALLOW opens it. */
export const E2E_MONITOR_PORT = E2E_PORT + 4;
/**
 * The server's DATA_DIR during the journeys: its outbox holds every mail sent. One per port,
 * so two runs side by side (E2E_PORT=…) never share or delete each other's data.
 */
export const E2E_DATA_DIR = path.resolve(
  fileURLToPath(new URL(`../../data-e2e-${E2E_PORT}`, import.meta.url)),
);
/** The instance's known owner (OWNER_EMAIL of the journeys' server): staff whatever the order. */
export const E2E_OWNER_EMAIL = 'owner@stratum-e2e.example.com';
