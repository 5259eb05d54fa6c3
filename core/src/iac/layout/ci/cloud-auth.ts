import type { TCloud } from '../../types';
import type { TPipelineInput, TPipelineTool } from './pipeline';

/**
 * How a pipeline job signs in to each cloud. Every identity setting is a pipeline input per
 * environment, exposed to the job under the same name (`$AWS_ROLE_ARN`), so GitHub and GitLab
 * run the same commands.
 */
export interface TCloudAuth {
  readonly inputs: readonly TPipelineInput[];
  /** Job environment fixed by the generator (region, OIDC switches). */
  readonly env: Readonly<Record<string, string>>;
  /** GitHub steps (YAML lines at step level, two-space indent of `steps:` items). */
  readonly github: readonly string[];
  /** GitLab: tokens the job requests, extra job variables and the sign-in commands. */
  readonly gitlabIdTokens: readonly { readonly name: string; readonly aud: string }[];
  readonly gitlabVariables: Readonly<Record<string, string>>;
  readonly gitlabScript: readonly string[];
  /** README: what to create in the cloud so the pipeline may sign in, per CI provider. */
  readonly setup: Readonly<Record<'github' | 'gitlab', string>>;
}

const input = (name: string, description: string, isSecret = false): TPipelineInput => ({
  name,
  env: name,
  isSecret,
  description,
});

/** OCI: an API key from the secret store, written where the provider and backend look. */
const OCI_CONFIG = [
  'mkdir -p "$HOME/.oci"',
  'printf \'%s\\n\' "$OCI_PRIVATE_KEY" > "$HOME/.oci/key.pem"',
  'printf \'[DEFAULT]\\nuser=%s\\nfingerprint=%s\\ntenancy=%s\\nregion=%s\\nkey_file=%s\\n\' "$OCI_USER_OCID" "$OCI_FINGERPRINT" "$OCI_TENANCY_OCID" "$OCI_REGION" "$HOME/.oci/key.pem" > "$HOME/.oci/config"',
  'chmod 600 "$HOME/.oci/key.pem" "$HOME/.oci/config"',
];

const OCI_SETUP =
  'per environment, a deployment user in a group whose policies allow managing the resources and the state bucket, with an API signing key kept in the secret store: rotate it regularly. (OCI\'s JWT-to-UPST token exchange could replace the key with a session token, but it needs an identity-domain OAuth client secret in the pipeline anyway and `auth = "SecurityToken"` in the provider block.)';

export function cloudAuth(cloud: TCloud, tool: TPipelineTool, region: string): TCloudAuth {
  switch (cloud) {
    case 'aws':
      // https://github.com/aws-actions/configure-aws-credentials#oidc ; GitLab:
      // https://docs.gitlab.com/ci/cloud_services/aws/ (the SDKs read AWS_WEB_IDENTITY_TOKEN_FILE)
      return {
        inputs: [input('AWS_ROLE_ARN', 'ARN of the IAM role the pipeline assumes by OIDC')],
        env: { AWS_REGION: region },
        github: [
          '- uses: aws-actions/configure-aws-credentials@v4',
          '  with:',
          '    role-to-assume: ${{ env.AWS_ROLE_ARN }}',
          '    aws-region: ${{ env.AWS_REGION }}',
        ],
        gitlabIdTokens: [{ name: 'AWS_ID_TOKEN', aud: 'sts.amazonaws.com' }],
        gitlabVariables: { AWS_WEB_IDENTITY_TOKEN_FILE: '$CI_PROJECT_DIR/.aws-web-identity-token' },
        gitlabScript: ['printf \'%s\' "$AWS_ID_TOKEN" > "$AWS_WEB_IDENTITY_TOKEN_FILE"'],
        setup: {
          github:
            'an IAM OIDC identity provider for `https://token.actions.githubusercontent.com` (audience `sts.amazonaws.com`) and, per environment, a role whose trust policy admits the subjects `repo:<owner>/<repo>:pull_request` and `repo:<owner>/<repo>:environment:<env>`, with the permissions the resources need and read/write on the state bucket',
          gitlab:
            'an IAM OIDC identity provider for `https://gitlab.com` (audience `sts.amazonaws.com`) and, per environment, a role whose trust policy admits `project_path:<group>/<project>:ref_type:branch:ref:<branch>` for the branches that plan and apply, with the permissions the resources need and read/write on the state bucket',
        },
      };
    case 'azure': {
      const ids = [
        input(
          'AZURE_CLIENT_ID',
          'client id of the Entra ID application or managed identity with a federated credential',
        ),
        input('AZURE_TENANT_ID', 'Entra ID tenant id'),
        input('AZURE_SUBSCRIPTION_ID', 'subscription to deploy into'),
      ];
      const cli = tool === 'azure-cli';
      // https://github.com/Azure/login#login-with-openid-connect-oidc-recommended ; Terraform:
      // https://registry.terraform.io/providers/hashicorp/azurerm/latest/docs/guides/service_principal_oidc
      return {
        inputs: cli
          ? [...ids, input('AZURE_RESOURCE_GROUP', 'resource group the deployment goes into')]
          : ids,
        env: cli
          ? { AZURE_CORE_NO_COLOR: 'true' }
          : {
              ARM_USE_OIDC: 'true',
              ARM_CLIENT_ID: '$AZURE_CLIENT_ID',
              ARM_TENANT_ID: '$AZURE_TENANT_ID',
              ARM_SUBSCRIPTION_ID: '$AZURE_SUBSCRIPTION_ID',
            },
        github: [
          '- uses: azure/login@v2',
          '  with:',
          '    client-id: ${{ env.AZURE_CLIENT_ID }}',
          '    tenant-id: ${{ env.AZURE_TENANT_ID }}',
          '    subscription-id: ${{ env.AZURE_SUBSCRIPTION_ID }}',
        ],
        gitlabIdTokens: [{ name: 'AZURE_ID_TOKEN', aud: 'api://AzureADTokenExchange' }],
        gitlabVariables: cli ? {} : { ARM_OIDC_TOKEN: '$AZURE_ID_TOKEN' },
        gitlabScript: cli
          ? [
              'az login --service-principal --username "$AZURE_CLIENT_ID" --tenant "$AZURE_TENANT_ID" --federated-token "$AZURE_ID_TOKEN"',
              'az account set --subscription "$AZURE_SUBSCRIPTION_ID"',
            ]
          : [],
        setup: {
          github:
            'per environment, an Entra ID application (or user-assigned managed identity) with federated credentials for issuer `https://token.actions.githubusercontent.com` and subjects `repo:<owner>/<repo>:pull_request` and `repo:<owner>/<repo>:environment:<env>`, a role on the target resource group or subscription' +
            (cli ? '' : ', and *Storage Blob Data Contributor* on the state container'),
          gitlab:
            'per environment, an Entra ID application (or user-assigned managed identity) with a federated credential for issuer `https://gitlab.com` and subject `project_path:<group>/<project>:ref_type:branch:ref:<branch>`, a role on the target resource group or subscription' +
            (cli ? '' : ', and *Storage Blob Data Contributor* on the state container'),
        },
      };
    }
    case 'gcp':
      // https://github.com/google-github-actions/auth#workload-identity-federation-through-a-service-account ;
      // GitLab: https://docs.gitlab.com/ci/cloud_services/google_cloud/
      return {
        inputs: [
          input(
            'GCP_WORKLOAD_IDENTITY_PROVIDER',
            'full name of the workload identity provider (`projects/<number>/locations/global/workloadIdentityPools/<pool>/providers/<provider>`)',
          ),
          input('GCP_SERVICE_ACCOUNT', 'e-mail of the service account the pipeline impersonates'),
        ],
        env: {},
        github: [
          '- uses: google-github-actions/auth@v2',
          '  with:',
          '    workload_identity_provider: ${{ env.GCP_WORKLOAD_IDENTITY_PROVIDER }}',
          '    service_account: ${{ env.GCP_SERVICE_ACCOUNT }}',
        ],
        gitlabIdTokens: [
          {
            name: 'GCP_ID_TOKEN',
            aud: 'https://iam.googleapis.com/${GCP_WORKLOAD_IDENTITY_PROVIDER}',
          },
        ],
        gitlabVariables: {
          GOOGLE_APPLICATION_CREDENTIALS: '$CI_PROJECT_DIR/.gcp-credentials.json',
        },
        gitlabScript: [
          'printf \'%s\' "$GCP_ID_TOKEN" > "$CI_PROJECT_DIR/.gcp-id-token"',
          'printf \'{"type":"external_account","audience":"//iam.googleapis.com/%s","subject_token_type":"urn:ietf:params:oauth:token-type:jwt","token_url":"https://sts.googleapis.com/v1/token","credential_source":{"file":"%s"},"service_account_impersonation_url":"https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/%s:generateAccessToken"}\' "$GCP_WORKLOAD_IDENTITY_PROVIDER" "$CI_PROJECT_DIR/.gcp-id-token" "$GCP_SERVICE_ACCOUNT" > "$GOOGLE_APPLICATION_CREDENTIALS"',
        ],
        setup: {
          github:
            'a workload identity pool with an OIDC provider for `https://token.actions.githubusercontent.com` whose attribute condition names this repository (`assertion.repository`), and per environment a service account the provider may impersonate (*Workload Identity User*), with the roles the resources need and *Storage Object Admin* on the state bucket',
          gitlab:
            'a workload identity pool with an OIDC provider for `https://gitlab.com` whose attribute condition names this project (`assertion.project_path`), and per environment a service account the provider may impersonate (*Workload Identity User*), with the roles the resources need and *Storage Object Admin* on the state bucket',
        },
      };
    case 'oci':
      // OCI can trade a CI OIDC token for a session token (identity domain JWT-to-UPST token
      // exchange), but that needs an identity-domain OAuth client whose secret is stored in the
      // pipeline anyway, an identity propagation trust, and the provider switched to
      // `auth = "SecurityToken"`. The pipeline uses an API key instead:
      // https://docs.oracle.com/en-us/iaas/Content/terraform/configuring.htm ,
      // https://docs.oracle.com/iaas/Content/Identity/api-getstarted/json_web_token_exchange.htm
      return {
        inputs: [
          input('OCI_TENANCY_OCID', 'OCID of the tenancy'),
          input('OCI_USER_OCID', 'OCID of the deployment user the API key belongs to'),
          input('OCI_FINGERPRINT', 'fingerprint of the API key'),
          input('OCI_PRIVATE_KEY', 'PEM private key of the API key', true),
        ],
        env: { OCI_REGION: region },
        github: ['- name: OCI API key', '  run: |', ...OCI_CONFIG.map((l) => `    ${l}`)],
        gitlabIdTokens: [],
        gitlabVariables: {},
        gitlabScript: OCI_CONFIG,
        setup: {
          github: OCI_SETUP,
          gitlab: OCI_SETUP,
        },
      };
  }
}
