import { defineEndpoint } from '../endpoint';
import { ZOk } from '../common';
import { ZErrorReport } from './error-log';

/**
 * Anyone, signed in or not (the bearer token is read when sent, to name the user); rate
 * limited per client address. The server keeps the newest 10,000 reports.
 */
export const reportError = defineEndpoint({
  method: 'POST',
  path: '/api/error-logs',
  summary: 'Report a runtime error or failed call from the web app',
  auth: false,
  body: ZErrorReport,
  response: ZOk,
  audit: {
    exempt:
      'telemetry: the error-log row it adds is itself the record, capped and cleared by staff',
  },
});
