import { describe, expect, it } from 'vitest';
import { findService } from '../../catalog/registry';
import type { TPropertyValue } from '../../types';
import { awsWebSocketApi } from './aws-websocket-api';

/** Findings of the rule on the WebSocket API's defaults with `props` applied. */
function findings(props: Record<string, TPropertyValue>) {
  const service = 'aws.websocket-api';
  const defaults = Object.fromEntries(
    (findService(service)?.properties ?? []).map((p) => [p.key, p.default]),
  );
  return awsWebSocketApi
    .check({ ...defaults, ...props }, { service })
    .map((f) => `${f.key}: ${f.message}`);
}

describe('aws-websocket-api', () => {
  it('accepts the defaults, the predefined keys and custom keys', () => {
    expect(findings({})).toEqual([]);
    expect(findings({ routeKeys: ['$connect', '$default', 'sendMessage', 'chat:join'] })).toEqual(
      [],
    );
  });

  it('refuses reserved $ keys other than the predefined ones, spaces and empty keys', () => {
    expect(findings({ routeKeys: ['$ping', 'send message', '', 'ok'] })).toEqual([
      'routeKeys: route keys $ping, send message, : use $connect, $disconnect, $default or a custom key of 1-128 characters without spaces that does not start with $ (sendMessage)',
    ]);
    expect(findings({ routeKeys: ['x'.repeat(129)] })).toHaveLength(1);
  });

  it('keeps throttling within the account quotas, with a whole-number burst', () => {
    expect(findings({ throttlingBurstLimit: 2.5, throttlingRateLimit: 0 })).toEqual([
      'throttlingBurstLimit: throttlingBurstLimit 2.5: a whole number of requests from 1 to 5000 (the account burst quota)',
      'throttlingRateLimit: throttlingRateLimit 0: more than 0 and at most 10000 requests per second (the account rate quota)',
    ]);
    expect(findings({ throttlingBurstLimit: 5001 })).toHaveLength(1);
    expect(findings({ throttlingRateLimit: 10001 })).toHaveLength(1);
    expect(findings({ throttlingBurstLimit: 5000, throttlingRateLimit: 0.5 })).toEqual([]);
  });
});
