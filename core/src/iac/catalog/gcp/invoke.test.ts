import { describe, expect, it } from 'vitest';
import { smallDesign, terraformFiles } from '../../testing/small-design';

/** The invoker grants in main.tf of a caller calling `target` over a traffic connection. */
function invokers(caller: Record<string, unknown>, target: Record<string, unknown>) {
  const design = smallDesign({
    cloud: 'gcp',
    components: [
      { id: 'caller', name: 'caller', ...caller },
      { id: 'api', name: 'api', ...target },
    ],
    connections: [{ from: 'caller', to: 'api', type: 'traffic' }],
  });
  const main = terraformFiles(design).find((f) => f.path === 'main.tf')!.content;
  return [
    ...main.matchAll(/resource "google_cloud_run_v2_service_iam_member" "(\w+)" \{([\s\S]*?)\n\}/g),
  ]
    .filter(([, , body]) => body!.includes('roles/run.invoker'))
    .map(([, name, body]) => `${name} ${/member\s+= (.+)/.exec(body!)![1]}`);
}

const run = (isPublic: boolean) => ({ service: 'gcp.cloud-run', properties: { public: isPublic } });

describe('GCP traffic to a Cloud Run service or function', () => {
  it('grants the calling VM run.invoker on a private service, or its calls answer 403', () => {
    expect(invokers({ service: 'gcp.compute-instance', group: 'sn-0' }, run(false))).toEqual([
      'caller_api_invoker "serviceAccount:${google_service_account.caller.email}"',
    ]);
  });

  it('grants a Cloud Run service calling a function (2nd gen runs on Cloud Run)', () => {
    expect(invokers(run(false), { service: 'gcp.cloud-function' })).toEqual([
      'caller_api_invoker "serviceAccount:${google_service_account.caller.email}"',
    ]);
  });

  it('adds nothing for a public service: everyone may invoke it already', () => {
    expect(invokers({ service: 'gcp.compute-instance', group: 'sn-0' }, run(true))).toEqual([
      'api_public "allUsers"',
    ]);
  });
});
