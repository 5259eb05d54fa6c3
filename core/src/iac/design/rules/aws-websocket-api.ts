import { num, type TPropertyRule } from './rule';

const STANDARD = ['$connect', '$disconnect', '$default'];
/** Custom keys: 1-128 printable characters without spaces; a leading $ is reserved. */
const CUSTOM = /^[^$\s][\x21-\x7e]{0,127}$/;

/**
 * WebSocket API route keys are the three predefined ones or custom keys (matched against the
 * route selection expression's value); stage throttling stays within the account quotas
 * (burst 5,000 requests, rate 10,000 per second) and lets some traffic through.
 */
export const awsWebSocketApi: TPropertyRule = {
  id: 'aws-websocket-api',
  services: ['aws.websocket-api'],
  source:
    'API Gateway developer guide, "Working with routes for WebSocket APIs" and "Amazon API Gateway quotas" (throttling)',
  check: (props) => {
    const out: { key: string; message: string }[] = [];
    const keys = Array.isArray(props['routeKeys']) ? props['routeKeys'].map(String) : [];
    const bad = keys.filter((k) => !STANDARD.includes(k) && !CUSTOM.test(k));
    if (bad.length > 0)
      out.push({
        key: 'routeKeys',
        message: `route keys ${bad.join(', ')}: use $connect, $disconnect, $default or a custom key of 1-128 characters without spaces that does not start with $ (sendMessage)`,
      });
    const burst = num(props, 'throttlingBurstLimit');
    if (!Number.isInteger(burst) || burst < 1 || burst > 5000)
      out.push({
        key: 'throttlingBurstLimit',
        message: `throttlingBurstLimit ${burst}: a whole number of requests from 1 to 5000 (the account burst quota)`,
      });
    const rate = num(props, 'throttlingRateLimit');
    if (!(rate > 0) || rate > 10000)
      out.push({
        key: 'throttlingRateLimit',
        message: `throttlingRateLimit ${rate}: more than 0 and at most 10000 requests per second (the account rate quota)`,
      });
    return out;
  },
};
