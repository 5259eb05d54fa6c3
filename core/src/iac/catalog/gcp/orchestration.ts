import { defineService, type TNode, type TTfBuildContext } from '../service';
import { enumProp } from '../properties';
import { call, obj, ref, tfVar, tpl, type TTfRef, type TTfValue } from '../../ir/terraform-ir';
import { grantData, primaryRef, serviceAccount } from './shared';

/** The run.app URL Workflows calls (functions 2nd gen run as Cloud Run services). */
function runUrl(ctx: TTfBuildContext, node: TNode): TTfValue | undefined {
  if (node.service.kind === 'function')
    return ref(ctx.address(node, 'google_cloudfunctions2_function'), 'service_config[0].uri');
  if (node.service.kind === 'serverless-container') return primaryRef(ctx, node, 'uri');
  return undefined;
}

/**
 * Lets `member` start executions of the project's workflows, once per node: Workflows has no IAM
 * on a single workflow, the invoker role on the project is what a caller needs. Returns the grant.
 */
export function allowWorkflowRuns(ctx: TTfBuildContext, member: TTfValue): TTfRef {
  return ctx.shared('google_project_iam_member', `${ctx.node.local}_workflows_invoker`, {
    project: tfVar('project_id'),
    role: 'roles/workflows.invoker',
    member,
  });
}

/**
 * A step that runs another workflow and waits for its result, through the Workflow Executions
 * connector (its API is enabled with Workflows', apis.ts). The connector retries its own calls,
 * and a failed or timed-out execution is not retried (a new one would run the child's calls
 * again). It takes no null argument: a missing one becomes "".
 * https://cloud.google.com/workflows/docs/reference/googleapis/workflowexecutions/Overview
 */
function runWorkflow(ctx: TTfBuildContext, child: TNode, last: string, member: TTfValue): TTfValue {
  allowWorkflowRuns(ctx, member);
  return obj({
    [`run_${child.local}`]: obj({
      call: 'googleapis.workflowexecutions.v1.projects.locations.workflows.executions.run',
      args: obj({
        workflow_id: primaryRef(ctx, child, 'name'),
        location: tfVar('region'),
        project_id: tfVar('project_id'),
        argument: `\${default(${last}, "")}`,
      }),
      result: `${child.local}_result`,
    }),
  });
}

/**
 * Google Cloud Workflows: calls the connected functions and Cloud Run services in order, and
 * runs the connected workflows.
 */
export const gcpWorkflows = defineService({
  id: 'gcp.workflows',
  cloud: 'gcp',
  kind: 'workflow',
  name: 'Workflows workflow',
  category: 'functions',
  description:
    'Serverless workflow that calls the connected functions and Cloud Run services in order, authenticated by OIDC with retries, and runs the workflows it connects to, as its own service account.',
  icon: 'gcp-workflows',
  properties: [
    enumProp(
      'callLogLevel',
      'Call logging',
      ['LOG_ERRORS_ONLY', 'LOG_ALL_CALLS', 'LOG_NONE'],
      'LOG_ERRORS_ONLY',
    ),
    enumProp(
      'historyLevel',
      'Execution history',
      ['EXECUTION_HISTORY_BASIC', 'EXECUTION_HISTORY_DETAILED'],
      'EXECUTION_HISTORY_BASIC',
    ),
  ],
  placement: 'none',
  naming: { rule: 'gcp-workflow', abbreviation: 'wf' },
  emits: {
    terraform: [
      'google_workflows_workflow',
      'google_service_account',
      'google_cloud_run_v2_service_iam_member',
      'google_kms_crypto_key_iam_member',
      'google_project_iam_member',
    ],
  },
  terraform: (ctx) => {
    const local = ctx.node.local;
    const sa = serviceAccount(ctx, '');
    const member = tpl('serviceAccount:', ref(sa.address, 'email'));
    grantData(ctx, ref(sa.address, 'email'));
    const steps: TTfValue[] = [];
    // The value handed to the next call: the workflow's argument, then each call's result.
    let last = 'input';
    for (const { node } of ctx.outgoing('traffic')) {
      if (node.service.kind === 'workflow' && node !== ctx.node) {
        steps.push(runWorkflow(ctx, node, last, member));
        last = `${node.local}_result`;
        continue;
      }
      const url = runUrl(ctx, node);
      if (!url) continue;
      // Functions 2nd gen and Cloud Run take roles/run.invoker on the service of the same name.
      ctx.resource('google_cloud_run_v2_service_iam_member', `${local}_${node.local}`, {
        name: primaryRef(ctx, node, 'name'),
        location: tfVar('region'),
        role: 'roles/run.invoker',
        member,
      });
      const result = `${node.local}_result`;
      steps.push(
        obj({
          [`call_${node.local}`]: obj({
            try: obj({
              call: 'http.post',
              args: obj({ url, auth: obj({ type: 'OIDC' }), body: `\${${last}}` }),
              result,
            }),
            // Retries 429 and 5xx responses with backoff (Workflows "Retry steps").
            retry: '${http.default_retry}',
          }),
        }),
      );
      last = `${result}.body`;
    }
    steps.push(obj({ done: obj({ return: `\${${last}}` }) }));
    const key = ctx.outgoing('data').find((e) => e.node.service.kind === 'kms');
    const keyId = key ? ref(ctx.address(key.node, 'google_kms_crypto_key'), 'id') : undefined;
    // CMEK: the Workflows service agent encrypts the workflow and its executions.
    const grant = keyId
      ? ctx.resource('google_kms_crypto_key_iam_member', `${local}_workflows_agent`, {
          crypto_key_id: keyId,
          role: 'roles/cloudkms.cryptoKeyEncrypterDecrypter',
          member: tpl(
            'serviceAccount:service-',
            ref(ctx.data('google_project', 'current', {}).address, 'number'),
            '@gcp-sa-workflows.iam.gserviceaccount.com',
          ),
        })
      : undefined;
    const workflow = ctx.resource(
      'google_workflows_workflow',
      local,
      {
        name: ctx.name(),
        region: tfVar('region'),
        description: `Workflow ${ctx.node.name}`,
        service_account: ref(sa.address, 'id'),
        call_log_level: ctx.prop('callLogLevel'),
        execution_history_level: ctx.prop('historyLevel'),
        ...(keyId ? { crypto_key_name: keyId } : {}),
        deletion_protection: true,
        // Workflows accepts JSON as well as YAML; jsonencode keeps the references typed.
        source_contents: call('jsonencode', obj({ main: obj({ params: ['input'], steps }) })),
        labels: ctx.tags(),
      },
      grant ? [grant.address] : [],
    );
    ctx.output('id', `Id of workflow ${ctx.node.name}`, ref(workflow.address, 'id'));
  },
});
