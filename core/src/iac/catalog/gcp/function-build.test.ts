import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/** Two functions, one triggered by a queue: each builds from its own source object. */
const design = smallDesign({
  cloud: 'gcp',
  components: [
    { id: 'api', service: 'gcp.cloud-function', name: 'api' },
    { id: 'worker', service: 'gcp.cloud-function', name: 'worker' },
    { id: 'jobs', service: 'gcp.pubsub-queue', name: 'jobs' },
  ],
  connections: [{ from: 'worker', to: 'jobs', type: 'data' }],
});

const readmeOf = (files: readonly { path: string; content: string }[]) =>
  files.find((f) => f.path === 'README.md')?.content ?? '';

describe('gcp: functions build as an account of their own, not the Compute Engine default', () => {
  const hcl = mainTf(design);

  it('names one build account for every function, by its full resource name', () => {
    for (const fn of ['api', 'worker']) {
      const build = /build_config \{[\s\S]*?\n {2}\}/.exec(
        resourceBlock(hcl, 'google_cloudfunctions2_function', fn),
      )?.[0];
      // `id` is `projects/<project>/serviceAccounts/<email>`, the form the API takes.
      expect(build).toContain('service_account = google_service_account.function_builds.id');
    }
    expect(hcl.match(/resource "google_service_account" "function_builds"/g)).toHaveLength(1);
  });

  it('grants that account Cloud Run Builder alone, and each function waits for the grant', () => {
    const grant = resourceBlock(hcl, 'google_project_iam_member', 'function_builds');
    expect(grant).toContain('role    = "roles/run.builder"');
    expect(grant).toContain(
      'member  = "serviceAccount:${google_service_account.function_builds.email}"',
    );
    for (const fn of ['api', 'worker'])
      expect(resourceBlock(hcl, 'google_cloudfunctions2_function', fn)).toContain(
        'depends_on = [google_project_iam_member.function_builds]',
      );
  });

  it('adopts a build account that already exists, as the README has it created first', () => {
    expect(resourceBlock(hcl, 'google_service_account', 'function_builds')).toContain(
      'create_ignore_already_exists = true',
    );
  });

  it("has the README grant the build account's role before the first apply, per environment", () => {
    // depends_on only orders: IAM takes minutes to propagate, so a role granted in the same
    // apply can still be missing when the first build starts.
    const readme = readmeOf(terraformFiles(design));
    const before = /## Before the first apply\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
    const account = /account_id\s+= "([^"]+)"/.exec(
      resourceBlock(hcl, 'google_service_account', 'function_builds'),
    )?.[1];
    expect(account).toBe('acme-shop-${var.environment}-fn-build');
    for (const env of ['dev', 'prod']) {
      expect(before).toContain(
        `# ${env}\ngcloud iam service-accounts create acme-shop-${env}-fn-build --project="$TF_VAR_project_id"`,
      );
      expect(before).toContain(
        `  --member="serviceAccount:acme-shop-${env}-fn-build@$TF_VAR_project_id.iam.gserviceaccount.com"`,
      );
    }
    expect(before).toContain(
      'gcloud projects add-iam-policy-binding "$TF_VAR_project_id" --condition=None --role=roles/run.builder',
    );
    // IAM knows a new account only after a while: the README says to run the grant again.
    expect(before).toMatch(/grant can fail with "Service account … does not exist"[^\n]*again/);
  });

  it('keeps the runtime on its own account', () => {
    expect(resourceBlock(hcl, 'google_cloudfunctions2_function', 'api')).toContain(
      'service_account_email          = google_service_account.api.email',
    );
  });

  it('has the README enable every API the build calls before the first apply', () => {
    const readme = readmeOf(terraformFiles(design));
    for (const api of [
      'cloudbuild.googleapis.com',
      'cloudfunctions.googleapis.com',
      'artifactregistry.googleapis.com',
      'run.googleapis.com',
      'iam.googleapis.com',
      'cloudresourcemanager.googleapis.com',
    ])
      expect(readme).toContain(`  ${api}`);
  });

  it('passes the schema check, in one file and in modules', async () => {
    expect(await checkOutput(terraformFiles(design))).toEqual([]);
    expect(await checkOutput(terraformFiles(design, 'modules'))).toEqual([]);
  });
});
