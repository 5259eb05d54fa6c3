import { describe, expect, it } from 'vitest';
import { checkOutput } from '@stratum/cli/testing/fixtures';
import { mainTf, resourceBlock, smallDesign, terraformFiles } from '../../testing/small-design';

/**
 * A service account connected to an Artifact Registry repository: a CI account that builds and
 * publishes images needs to push them (writer), a job's account only pulls (reader).
 */
const design = (registryAccess?: 'writer') =>
  smallDesign({
    cloud: 'gcp',
    components: [
      {
        id: 'ci',
        service: 'gcp.service-account',
        name: 'ci-deploy',
        properties: registryAccess ? { registryAccess } : {},
      },
      { id: 'images', service: 'gcp.artifact-registry', name: 'images' },
    ],
    connections: [{ from: 'ci', to: 'images', type: 'data' }],
  });

const grant = (d: unknown) =>
  resourceBlock(mainTf(d), 'google_artifact_registry_repository_iam_member', 'ci_to_images');

describe('gcp: a service account connected to a repository', () => {
  it('pulls by default: reader on that repository', () => {
    expect(grant(design())).toMatch(/role\s+= "roles\/artifactregistry\.reader"/);
  });

  it('pushes as a CI account when its registry access is writer', () => {
    expect(grant(design('writer'))).toMatch(/role\s+= "roles\/artifactregistry\.writer"/);
  });

  it('passes the schema check', async () => {
    expect(await checkOutput(terraformFiles(design('writer')))).toEqual([]);
  });
});
